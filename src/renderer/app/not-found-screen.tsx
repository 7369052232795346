import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../shared/validation/messages';
import { tEnglish, useT } from '../i18n/screens';
import { Button } from '../ui/button';

/** Any path outside the route table. A lazy chunk of its own (route-table.ts), so its texts are not in /login's entry. */
export function NotFoundScreen() {
  const t = useT();
  const navigate = useNavigate();
  return (
    <main className="standalone">
      <p className="standalone-code" aria-hidden="true">
        404
      </p>
      <h1>{tEnglish(MESSAGES.notFound)}</h1>
      <p className="lead">{t('notFound.lead')}</p>
      <Button onClick={() => navigate('/login')}>{t('common.login')}</Button>
    </main>
  );
}
