import { useT } from '../../i18n/screens';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { call, errorMessage } from '../../api';
import { platform } from '../../platform';
import { AlertMessage } from '../../ui/alert-message';
import { AuthLayout } from '../../ui/auth-layout';
import { Spinner } from '../../ui/spinner';
import { applyLoginReply } from './apply-login-reply';

/** The hand-off the server put in the fragment (never sent to a server, so never in a log or a Referer). */
const readHandoff = (): string | null => /^#handoff=([A-Za-z0-9_-]{32,128})$/.exec(window.location.hash)?.[1] ?? null;

const INCOMPLETE = 'This sign-in link is not complete. Start again from the sign-in page.';

/**
 * /sso/complete: where a company's provider sends the browser back (through the server, which checked its answer).
 * ssoLogin redeems the hand-off, in the browser that started the sign-in, and the reply goes on like any sign-in's:
 * the second factor, the email to verify, or the workspace.
 */
export default function CompanySignInScreen() {
  const t = useT();
  const navigate = useNavigate();
  const [handoff] = useState(readHandoff);
  const [problem, setProblem] = useState<string | null>(handoff ? null : INCOMPLETE);
  const heading = useRef<HTMLHeadingElement>(null);
  const started = useRef(false);

  useEffect(() => {
    heading.current?.focus();
    // Once read, the hand-off leaves the address bar and the history: a reload or Back does not offer it again.
    window.history.replaceState(window.history.state, '', window.location.pathname);
    if (started.current || !handoff) return;
    started.current = true;
    call('ssoLogin', { handoff, platform: platform.deviceKind(), ...platform.loginFacts() })
      .then((reply) => applyLoginReply(reply, { identifier: reply.email ?? '', password: '' }, { navigate, showServerError: setProblem }))
      .catch((error: unknown) => setProblem(errorMessage(error)));
  }, [navigate, handoff]);

  return (
    <AuthLayout>
      <header className="screen-header">
        <h1 ref={heading} tabIndex={-1}>
          {t('companySignIn.title')}
        </h1>
      </header>
      {problem ? (
        <>
          <AlertMessage message={problem} />
          <p className="screen-footer">
            <Link to="/login">{t('companySignIn.back')}</Link>
          </p>
        </>
      ) : (
        <p className="notice" role="status">
          <Spinner /> {t('companySignIn.signingIn')}
        </p>
      )}
    </AuthLayout>
  );
}
