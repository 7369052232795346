import { useLocation, useNavigate } from 'react-router-dom';
import type { Organization } from '../../../shared/protocol';
import type { OnboardingRedirectNotice } from '../../app/route-guard';
import { Button } from '../../ui/button';

const noticeOf = (state: unknown): OnboardingRedirectNotice | null =>
  typeof state === 'object' && state !== null && typeof (state as Partial<OnboardingRedirectNotice>).onboardingOrgId === 'string'
    ? (state as OnboardingRedirectNotice)
    : null;

/** The sentence the workspace shows a user the guard sent here from an organization's onboarding page. */
export function onboardingNoticeText(email: string | null, organization: string): string {
  const who = email ? `You are already signed in as ${email}` : 'You are already signed in';
  return `${who}, so you are at your workspace. The sign-in and sign-up pages of ${organization} are for its new employees; to use them, log out first.`;
}

/**
 * Why a signed-in user opening /{orgId}/login, /{orgId}/register or /{orgId}/preboarding/register is here instead
 * (the guard's navigation state): until dismissed. Names the company when it is one of the user's organizations.
 */
export function OnboardingNotice({ email, list }: { email: string | null; list: Organization[] }) {
  const location = useLocation();
  const navigate = useNavigate();
  const notice = noticeOf(location.state);
  if (!notice) return null;
  const organization = list.find((org) => org.orgId === notice.onboardingOrgId)?.company ?? notice.onboardingOrgId;
  return (
    <section className="workspace-notice" aria-label="Why you are at the workspace">
      <p>{onboardingNoticeText(email, organization)}</p>
      <Button onClick={() => navigate(location, { replace: true, state: null })}>Dismiss</Button>
    </section>
  );
}
