import { useEffect, useState } from 'react';
import { Link, Navigate, useParams } from 'react-router-dom';
import { CallError, type EventReply } from '../../../shared/protocol';
import { MESSAGES } from '../../../shared/validation/messages';
import { call, errorMessage } from '../../api';
import { AuthLayout } from '../../ui/auth-layout';
import { LoadingScreen } from '../../ui/spinner';

/** Spec section 9: a client invitation token is 36 characters. */
export const CLIENT_TOKEN_LENGTH = 36;

type Result = { ok: true; reply: EventReply<'acceptClientInvitation'> } | { ok: false; message: string; showButton: boolean };

// One acceptance per token per page: accepting is not repeatable (the password is shown once), so a re-run
// effect (React's development double-run, a remount) must reuse the first answer.
const accepted = new Map<string, Promise<Result>>();

function acceptOnce(token: string): Promise<Result> {
  let pending = accepted.get(token);
  if (!pending) {
    pending = call('acceptClientInvitation', { token }).then(
      (reply): Result => ({ ok: true, reply }),
      (error: unknown): Result => ({ ok: false, message: errorMessage(error), showButton: error instanceof CallError && error.data?.showButton === true }),
    );
    accepted.set(token, pending);
  }
  return pending;
}

/** Client invitation (/invite-client/{token}): accepted on load; shows the sign-in details once, or what went wrong. */
export function ClientInviteScreen() {
  const { token = '' } = useParams();
  const valid = token.length === CLIENT_TOKEN_LENGTH;
  const [result, setResult] = useState<Result | null>(null);

  useEffect(() => {
    if (!valid) return;
    let current = true;
    void acceptOnce(token).then((value) => current && setResult(value));
    return () => {
      current = false;
    };
  }, [token, valid]);

  if (!valid) return <Navigate to="/login" replace />;
  if (!result) return <LoadingScreen fullPage label="Accepting your invitation…" />;

  return (
    <AuthLayout>
      {result.ok ? (
        <section className="result-panel">
          <h1>Invitation Accepted</h1>
          <p>Your account is ready. Note your password now: it is shown only this once. You can change it after signing in.</p>
          <dl className="credentials">
            <dt>Email</dt>
            <dd>{result.reply.email}</dd>
            <dt>Password</dt>
            <dd data-testid="generated-password">{result.reply.password}</dd>
          </dl>
          <div className="actions actions-start">
            <Link className="button button-primary" to="/login">
              Let&apos;s Sign In
            </Link>
          </div>
        </section>
      ) : (
        <section className="result-panel">
          <h1>{MESSAGES.somethingWrong}</h1>
          <p role="alert">{result.message}</p>
          {result.showButton ? (
            <div className="actions actions-start">
              <Link className="button button-primary" to="/login">
                Sign In
              </Link>
            </div>
          ) : null}
        </section>
      )}
    </AuthLayout>
  );
}
