import { createHash, X509Certificate } from 'node:crypto';
import { startEntraStandIn, type DirectoryUser } from '../oidc/entra-stand-in';
import type { TestCertificates } from '../oidc/test-ca';

/** The portal's registration at the e2e stand-in for Microsoft Entra: fixed, so the runner and its workers agree. */
export const ENTRA_E2E = {
  clientId: 'suite-portal-e2e',
  clientSecret: 'e2e-only-client-secret-0123456789',
  /** The seeded member (fixtures/seed.json), a member of a company that requires work email codes, and someone no account uses. */
  users: [
    { id: 'entra-e2e-member', email: 'member@e2e.test', emailVerified: true, name: 'Max Member', tenantId: 'e2e-tenant' },
    { id: 'entra-e2e-ms-mail', email: 'ms.mail@e2e.test', emailVerified: true, name: 'Mo Factor', tenantId: 'e2e-tenant' },
    { id: 'entra-e2e-stranger', email: 'stranger@elsewhere.test', emailVerified: true, name: 'Sam Stranger', tenantId: 'e2e-tenant' },
    // Skyline's people, when the same provider plays Skyline's own directory (company-sign-in.spec.ts).
    { id: 'skyline-nina', email: 'nina.new@skyline.test', emailVerified: true, name: 'Nina', tenantId: 'skyline' },
    { id: 'skyline-sam', email: 'sam.member@skyline.test', emailVerified: true, name: 'Sam', tenantId: 'skyline' },
  ] satisfies DirectoryUser[],
};

/**
 * Started in the runner's main process (like the mail service): an oidc-provider on `port` over HTTPS with the run's
 * test CA, for the server `npm start` runs (MS_AUTHORITY) and the Microsoft spec's popup.
 */
export function startEntraService(port: number, portalUrl: string, certificates: TestCertificates): void {
  startEntraStandIn({ certificates, port, redirectUris: [`${portalUrl}/auth/ms/callback`, `${portalUrl}/sso/oidc/callback`], ...ENTRA_E2E })
    .then((standIn) => standIn.unref())
    .catch((error: unknown) => console.error('The e2e stand-in for Microsoft Entra did not start:', error));
}

/**
 * The stand-in's public-key hash, for Chromium's `--ignore-certificate-errors-spki-list`: the browser trusts that one
 * key (a user's browser trusts Entra's public CA), and every other certificate is still checked.
 */
export function standInSpki(certificates: Pick<TestCertificates, 'cert'>): string {
  const spki = new X509Certificate(certificates.cert).publicKey.export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(spki).digest('base64');
}
