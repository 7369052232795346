import { useLocation, useNavigate } from 'react-router-dom';
import type { Organization } from '../../../shared/protocol';
import type { OnboardingRedirectNotice } from '../../app/route-guard';
import { ltr, useT } from '../../i18n/screens';
import { Button } from '../../ui/button';

const noticeOf = (state: unknown): OnboardingRedirectNotice | null =>
  typeof state === 'object' && state !== null && typeof (state as Partial<OnboardingRedirectNotice>).onboardingOrgId === 'string'
    ? (state as OnboardingRedirectNotice)
    : null;


/**
 * Why a signed-in user opening /{orgId}/login, /{orgId}/register or /{orgId}/preboarding/register is here instead
 * (the guard's navigation state): until dismissed. Names the company when it is one of the user's organizations.
 */
export function OnboardingNotice({ email, list }: { email: string | null; list: Organization[] }) {
  const t = useT();
  const location = useLocation();
  const navigate = useNavigate();
  const notice = noticeOf(location.state);
  if (!notice) return null;
  const organization = list.find((org) => org.orgId === notice.onboardingOrgId)?.company ?? notice.onboardingOrgId;
  return (
    <section className="workspace-notice" aria-label={t('workspace.onboardingNoticeLabel')}>
      <p>{email ? t('workspace.onboardingNoticeAs', { email: ltr(email), organization }) : t('workspace.onboardingNotice', { organization })}</p>
      <Button onClick={() => navigate(location, { replace: true, state: null })}>{t('workspace.dismiss')}</Button>
    </section>
  );
}
