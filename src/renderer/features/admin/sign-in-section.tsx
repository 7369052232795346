import type { SectionProps } from './admin-console';
import { DomainsSection } from './domains-section';
import { ScimSection } from './scim-section';

/**
 * /admin/{orgId}/sign-in: how the organization's people sign in (issue 25). Its first part is the verified domains;
 * the company's own identity providers (OpenID Connect, SAML) come below them, and SCIM provisioning last.
 */
export function SignInSection({ orgId, settings }: SectionProps) {
  return (
    <>
      <DomainsSection orgId={orgId} company={settings.company} />
      <ScimSection orgId={orgId} company={settings.company} />
    </>
  );
}
