import { useT } from '../../i18n';
import { chooseTheme, useTheme } from './theme';
import './theme.css';

/**
 * The Light/Dark switch of the sign-in screens: one toggle button, pressed while the dark theme is on. Its icon follows
 * the page's theme attribute (theme.css), not React's state: /login's prerendered page shows the right one before the
 * scripts run, when the theme is already applied (public/theme-init.js) and React's first render knows only the default.
 */
export function ThemeToggle() {
  const t = useT();
  const { theme } = useTheme();
  const dark = theme === 'dark';
  return (
    <button type="button" className="pill-button theme-toggle" aria-pressed={dark} onClick={() => chooseTheme(dark ? 'light' : 'dark')}>
      <svg className="theme-icon-dark" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <path fill="currentColor" d="M21 12.8A9 9 0 1 1 11.2 3a7 7 0 0 0 9.8 9.8Z" />
      </svg>
      <svg className="theme-icon-light" viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
        <circle cx="12" cy="12" r="4.5" fill="currentColor" />
        <path stroke="currentColor" strokeWidth="2" strokeLinecap="round" d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </svg>
      <span>{t('app.darkTheme')}</span>
    </button>
  );
}
