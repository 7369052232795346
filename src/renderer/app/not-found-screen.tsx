import { useNavigate } from 'react-router-dom';
import { MESSAGES } from '../../shared/validation/messages';
import { Button } from '../ui/button';

/** Any path outside the route table. */
export function NotFoundScreen() {
  const navigate = useNavigate();
  return (
    <main className="standalone">
      <p className="standalone-code" aria-hidden="true">
        404
      </p>
      <h1>{MESSAGES.notFound}</h1>
      <p className="lead">The page you are looking for does not exist or has moved.</p>
      <Button onClick={() => navigate('/login')}>Login</Button>
    </main>
  );
}
