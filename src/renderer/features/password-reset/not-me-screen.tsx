import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { call, errorMessage } from '../../api';
import { useT } from '../../i18n/screens';
import { AlertMessage } from '../../ui/alert-message';
import { AuthLayout } from '../../ui/auth-layout';
import { Button } from '../../ui/button';
import { useTimedMessage } from '../../ui/use-timed-message';

/**
 * /not-me/{code}: "This was not me" from a new-device mail. Nothing happens on opening the link (mail scanners open
 * links too); the button ends the session the mail was about and mails a password reset link (reportNotMe).
 */
export function NotMeScreen() {
  const t = useT();
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
        <h1>{t('notMe.title')}</h1>
        <p className="lead">
          {t(done ? 'notMe.done' : 'notMe.lead')}
        </p>
      </header>
      <AlertMessage message={error} />
      {done ? null : (
        <Button className="button-block" loading={loading} onClick={() => void report()}>
          {t('notMe.report')}
        </Button>
      )}
      <p className="screen-footer">
        <Link to="/login">{t('common.backToSignIn')}</Link>
      </p>
    </AuthLayout>
  );
}
