import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { EventReply } from '../../../shared/protocol';
import { MESSAGES } from '../../../shared/validation/messages';
import { call } from '../../api';
import { ltr, t, tEnglish, useT } from '../../i18n/screens';
import { authenticateStoredToken } from '../../session/authenticate';
import { rememberPreviousUrl } from '../../session/saved-session';
import { LogoutButton } from '../../session/logout-button';
import { useSessionStore } from '../../session/session-store';
import { AuthLayout } from '../../ui/auth-layout';
import { LoadingScreen } from '../../ui/spinner';
import { AcceptInvitation } from './accept-invitation';
import { inviteOutcome, type InviteOutcome } from './invite-outcome';
import { RegisterAsMemberForm } from './register-as-member-form';

type Checked = { outcome: InviteOutcome; email: string };

/** The invitation link (/invite/{inviteCode}): checked on load, then the screen of its outcome (spec sections 2, 4 and 8). */
export function InviteScreen() {
  useT();
  const { inviteCode = '' } = useParams();
  const { pathname } = useLocation();
  const [checked, setChecked] = useState<Checked | null>(null);

  useEffect(() => {
    let current = true;
    const check = async (): Promise<Checked> => {
      // Spec section 4: with a token, authenticate first (a dead token logs out), then verify the code.
      if (useSessionStore.getState().token) await authenticateStoredToken();
      const token = useSessionStore.getState().token;
      const reply: EventReply<'verifyInvitationCode'> | null = await call('verifyInvitationCode', token ? { inviteCode, token } : { inviteCode }).catch(() => null);
      return { outcome: inviteOutcome(reply, token !== null), email: reply?.email ?? '' };
    };
    check().then(
      (result) => {
        if (!current) return;
        // Spec section 4: a known user who is not signed in comes back here after signing in.
        if (result.outcome === 'loginAndAccept') rememberPreviousUrl(pathname);
        setChecked(result);
      },
      () => current && setChecked({ outcome: 'wrong', email: '' }),
    );
    return () => {
      current = false;
    };
  }, [inviteCode, pathname]);

  if (!checked) return <LoadingScreen fullPage label={t('invite.checking')} />;
  return <AuthLayout>{outcomeScreen(checked, inviteCode)}</AuthLayout>;
}

function Result({ title, children, actions }: { title: string; children: React.ReactNode; actions: React.ReactNode }) {
  return (
    <section className="result-panel">
      <h1>{title}</h1>
      {children}
      <div className="actions actions-start">{actions}</div>
    </section>
  );
}

const loginLink = () => (
  <Link className="button button-primary" to="/login">
    {t('common.login')}
  </Link>
);

/** The outcome's screen, in the language shown (InviteScreen re-renders it when the language changes). */
function outcomeScreen({ outcome, email }: Checked, inviteCode: string) {
  const address = ltr(email);
  switch (outcome) {
    case 'register':
      return <RegisterAsMemberForm inviteCode={inviteCode} email={email} />;
    case 'accept':
      return <AcceptInvitation inviteCode={inviteCode} email={email} />;
    case 'loginAndAccept':
      return (
        <Result title={t('invite.accountFound')} actions={loginLink()}>
          <p>{t('invite.accountFoundLead', { email: address })}</p>
        </Result>
      );
    case 'invitationCodeExpired':
      return (
        <Result title={t('invite.expired')} actions={loginLink()}>
          <p>{t('invite.expiredLead')}</p>
        </Result>
      );
    case 'accountNotVerified':
      return (
        <Result
          title={t('invite.verification')}
          actions={
            <Link className="button button-primary" to={`/verify-email?email=${encodeURIComponent(email)}`}>
              {t('invite.verifyEmail')}
            </Link>
          }
        >
          <p>{t('invite.verifyLead', { email: address })}</p>
        </Result>
      );
    case 'invitationAlreadyAccepted':
      return (
        <Result title={t('invite.accepted')} actions={loginLink()}>
          <p>{t('invite.acceptedLead', { email: address })}</p>
        </Result>
      );
    case 'emailNotMatching':
      return (
        <Result title={t('invite.emailNotMatch')} actions={<LogoutButton />}>
          <p>{t('invite.emailNotMatchLead', { email: address })}</p>
        </Result>
      );
    case 'wrong':
      return (
        <Result title={t('invite.oops')} actions={loginLink()}>
          <p role="alert">{tEnglish(MESSAGES.invitationWrong)}</p>
        </Result>
      );
  }
}
