import { portalConfig } from '../../api';
import { platform } from '../../platform';
import { signIn } from '../../session/sign-in';
import { boardingDocumentUrl, employeePreviewUrl } from './onboarding-paths';

/**
 * An onboarding or preboarding employee is signed in: keep the token (cookie ubs_token) and their id, then leave for
 * the recruiting site's boarding documents (preboarding) or the HR site's onboarding preview.
 */
export async function enterBoarding(orgId: string, reply: { token: string; isPreBoarding: boolean; _id: string }): Promise<void> {
  // The session store is left alone (signIn's 'onboarding'): the page is leaving, and a signed-in store would let the
  // guard of the /{orgId}/… screen redirect elsewhere first. The token and the local values restore it on return.
  const { productUrls } = portalConfig();
  await signIn({ kind: 'onboarding', token: reply.token, employeeId: reply._id, orgId }, () =>
    platform.redirect(reply.isPreBoarding ? boardingDocumentUrl(productUrls, orgId, reply._id) : employeePreviewUrl(productUrls, orgId, reply._id)),
  );
}
