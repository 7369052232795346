import { MESSAGES } from '../../shared/validation/messages';
import { platform } from '../platform';
import { Button } from '../ui/button';

/** What a screen that crashed leaves behind (for example a lazy screen whose file failed to load). */
export function RouteErrorScreen() {
  return (
    <main className="standalone">
      <h1>{MESSAGES.somethingWrong}</h1>
      <p className="lead">This page could not be shown. Loading it again usually helps.</p>
      <Button onClick={() => platform.reload()}>Reload</Button>
    </main>
  );
}
