import './styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppRoot } from './app/app-root';
import { platform } from './platform';

// Inside the Microsoft sign-in popup the portal only hands the code back and closes; it does not start.
if (!platform.finishMicrosoftPopup()) {
  const container = document.getElementById('root');
  if (!container) throw new Error('index.html has no #root element.');
  createRoot(container).render(
    <StrictMode>
      <AppRoot />
    </StrictMode>,
  );
}
