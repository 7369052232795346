import { useEffect, useState } from 'react';
import { Link, useLocation, useParams } from 'react-router-dom';
import type { EventReply } from '../../../shared/protocol';
import { MESSAGES } from '../../../shared/validation/messages';
import { call } from '../../api';
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

  if (!checked) return <LoadingScreen fullPage label="Checking your invitation…" />;
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

const loginLink = (label = 'Login') => (
  <Link className="button button-primary" to="/login">
    {label}
  </Link>
);

function outcomeScreen({ outcome, email }: Checked, inviteCode: string) {
  switch (outcome) {
    case 'register':
      return <RegisterAsMemberForm inviteCode={inviteCode} email={email} />;
    case 'accept':
      return <AcceptInvitation inviteCode={inviteCode} email={email} />;
    case 'loginAndAccept':
      return (
        <Result title="Account Found" actions={loginLink()}>
          <p>You already have an account with {email}. Sign in and we will bring you back here to accept the invitation.</p>
        </Result>
      );
    case 'invitationCodeExpired':
      return (
        <Result title="Invitation Expired" actions={loginLink()}>
          <p>This invitation has expired. Please ask your administrator to send you a new one.</p>
        </Result>
      );
    case 'accountNotVerified':
      return (
        <Result
          title="Verification"
          actions={
            <Link className="button button-primary" to={`/verify-email?email=${encodeURIComponent(email)}`}>
              Verify Email
            </Link>
          }
        >
          <p>You need to verify your account ({email}) before you can accept this invitation.</p>
        </Result>
      );
    case 'invitationAlreadyAccepted':
      return (
        <Result title="Accepted" actions={loginLink()}>
          <p>This invitation has already been accepted: the email {email} is already registered. Please sign in.</p>
        </Result>
      );
    case 'emailNotMatching':
      return (
        <Result title="Email Not Match" actions={<LogoutButton />}>
          <p>This invitation was sent to {email}, but you are signed in with another account. Log out and open the link again to accept it.</p>
        </Result>
      );
    case 'wrong':
      return (
        <Result title="Oops.." actions={loginLink()}>
          <p role="alert">{MESSAGES.invitationWrong}</p>
        </Result>
      );
  }
}
