import { portalConfig } from '../../api';
import { platform } from '../../platform';
import { saveOnboardingSignIn } from '../../session/saved-session';
import { boardingDocumentUrl, employeePreviewUrl } from './onboarding-paths';

/**
 * An onboarding or preboarding employee is signed in: keep the token (cookie ubs_token) and their id, then leave for
 * the recruiting site's boarding documents (preboarding) or the HR site's onboarding preview.
 */
export function enterBoarding(orgId: string, reply: { token: string; isPreBoarding: boolean; _id: string }): void {
  saveOnboardingSignIn(reply.token, reply._id);
  // The session store is left alone: the page is leaving, and a signed-in store would let the guard of the
  // /{orgId}/… screen redirect elsewhere first. The cookie and the local values restore the session on return.
  const { productUrls } = portalConfig();
  platform.redirect(reply.isPreBoarding ? boardingDocumentUrl(productUrls, orgId, reply._id) : employeePreviewUrl(productUrls, orgId, reply._id));
}
