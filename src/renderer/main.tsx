import './styles.css';
import { StrictMode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { showLanguage, startLanguage } from './i18n';
import { platform } from './platform';

// Inside the Microsoft sign-in popup the portal only hands the code back and closes; it does not start.
if (!platform.finishMicrosoftPopup()) {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  const app = (
    <StrictMode>
      <AppRoot />
    </StrictMode>
  );
  // /login's page arrives with the sign-in screen in it (app/login-shell.tsx): React takes over those elements.
  const start = () => {
    if (container.firstElementChild) hydrateRoot(container, app, { onRecoverableError: hydrationFellBack });
    else createRoot(container).render(app);
  };
  // English is in this chunk; another language's messages load first (the page the server made is in it already).
  const language = startLanguage();
  if (language === 'en') start();
  else void showLanguage(language).then(start, start);
}

/**
 * The page's markup did not match the first render (a stored company logo, a notice after a forced logout): React has
 * rendered the screen afresh, and the visitor sees it as it should be. Logged, not shown: nothing is wrong for them.
 */
function hydrationFellBack(error: unknown): void {
  console.warn('The prerendered page was rendered again in the browser:', error);
}
