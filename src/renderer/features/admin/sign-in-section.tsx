import type { SectionProps } from './admin-console';
import { ConnectionsSection } from './connections-section';
import { DomainsSection } from './domains-section';
import { OrganizationLanguageField } from './organization-language-field';
import { ScimSection } from './scim-section';

/**
 * /admin/{orgId}/sign-in: how the organization's people sign in (issue 25): its own identity providers (OpenID
 * Connect, SAML 2.0), the verified domains whose addresses they sign in, and SCIM provisioning from its directory.
 */
export function SignInSection({ orgId, settings, onSettingsChange }: SectionProps) {
  return (
    <>
      <ConnectionsSection orgId={orgId} company={settings.company} plan={settings.plan} />
      <DomainsSection orgId={orgId} company={settings.company} />
      <ScimSection orgId={orgId} company={settings.company} />
      <OrganizationLanguageField orgId={orgId} settings={settings} onSettingsChange={onSettingsChange} />
    </>
  );
}
