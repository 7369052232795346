import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { call, errorMessage } from '../../api';
import { AlertMessage } from '../../ui/alert-message';
import { AuthLayout } from '../../ui/auth-layout';
import { Button } from '../../ui/button';
import { useTimedMessage } from '../../ui/use-timed-message';

/**
 * /not-me/{code}: "This was not me" from a new-device mail. Nothing happens on opening the link (mail scanners open
 * links too); the button ends the session the mail was about and mails a password reset link (reportNotMe).
 */
export function NotMeScreen() {
  const { code = '' } = useParams();
  const [loading, setLoading] = useState(false);
  const [done, setDone] = useState(false);
  const [error, showError] = useTimedMessage();

  const report = async () => {
    setLoading(true);
    showError(null);
    try {
      await call('reportNotMe', { code });
      setDone(true);
    } catch (failure) {
      showError(errorMessage(failure));
    }
    setLoading(false);
  };

  return (
    <AuthLayout>
      <header className="screen-header">
        <h1>This was not me</h1>
        <p className="lead">
          {done
            ? 'That session is signed out, and every trusted device will ask for the second factor again. We mailed you a link to choose a new password: use it now.'
            : 'Someone signed in to your account from a new device. Sign that session out, and we mail you a link to choose a new password.'}
        </p>
      </header>
      <AlertMessage message={error} />
      {done ? null : (
        <Button className="button-block" loading={loading} onClick={() => void report()}>
          Sign it out and reset my password
        </Button>
      )}
      <p className="screen-footer">
        <Link to="/login">Back to Sign In</Link>
      </p>
    </AuthLayout>
  );
}
