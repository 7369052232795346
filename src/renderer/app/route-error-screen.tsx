import { MESSAGES } from '../../shared/validation/messages';
import { tEnglish, useT } from '../i18n';
import { platform } from '../platform';
import { Button } from '../ui/button';

/** What a screen that crashed leaves behind (for example a lazy screen whose file failed to load). */
export function RouteErrorScreen() {
  const t = useT();
  return (
    <main className="standalone">
      <h1>{tEnglish(MESSAGES.somethingWrong)}</h1>
      <p className="lead">{t('boot.pageFailed')}</p>
      <Button onClick={() => platform.reload()}>{t('boot.reload')}</Button>
    </main>
  );
}
