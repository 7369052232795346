import type { SectionProps } from './admin-console';
import { ConnectionsSection } from './connections-section';
import { DomainsSection } from './domains-section';

/**
 * /admin/{orgId}/sign-in: how the organization's people sign in (issue 25): its own identity providers (OpenID
 * Connect, SAML 2.0), and the verified domains whose addresses they sign in.
 */
export function SignInSection({ orgId, settings }: SectionProps) {
  return (
    <>
      <ConnectionsSection orgId={orgId} company={settings.company} plan={settings.plan} />
      <DomainsSection orgId={orgId} company={settings.company} />
    </>
  );
}
