import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { call, errorMessage } from '../../api';
import { ltr, useT } from '../../i18n/screens';
import { AlertMessage } from '../../ui/alert-message';
import { Button } from '../../ui/button';
import { useTimedMessage } from '../../ui/use-timed-message';

/** The signed-in invitee accepts with one button (their consent), then goes to /workspace. */
export function AcceptInvitation({ inviteCode, email }: { inviteCode: string; email: string }) {
  const t = useT();
  const navigate = useNavigate();
  const [loading, setLoading] = useState(false);
  const [serverError, showServerError] = useTimedMessage();
  const accept = async () => {
    setLoading(true);
    try {
      await call('acceptInvitation', { inviteCode });
      navigate('/workspace', { replace: true });
    } catch (error) {
      showServerError(errorMessage(error));
      setLoading(false);
    }
  };
  return (
    <section className="result-panel">
      <h1>{t('invite.acceptTitle')}</h1>
      <p>{t('invite.acceptLead', { email: ltr(email) })}</p>
      <AlertMessage message={serverError} />
      <div className="actions actions-start">
        <Button loading={loading} onClick={() => void accept()}>
          {t('invite.accept')}
        </Button>
      </div>
    </section>
  );
}
