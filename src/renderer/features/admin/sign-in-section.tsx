import type { SectionProps } from './admin-console';
import { DomainsSection } from './domains-section';

/**
 * /admin/{orgId}/sign-in: how the organization's people sign in (issue 25). Its first part is the verified domains;
 * the company's own identity providers (OpenID Connect, SAML) come below them.
 */
export function SignInSection({ orgId, settings }: SectionProps) {
  return <DomainsSection orgId={orgId} company={settings.company} />;
}
