import { lazy, Suspense, useEffect } from 'react';
import { Outlet, useLocation, useMatches } from 'react-router-dom';
import { signedInAsAccount } from '../features/menu/active-organization';
import { ThemeToggle } from '../features/theme/theme-toggle';
import { whenIdle } from '../platform';
import { tEnglish, useT } from '../i18n';
import { LanguagePicker } from '../i18n/language-picker';
import { useSessionStore } from '../session/session-store';
import { Button } from '../ui/button';
import { useOnline } from '../ui/use-online';
import './app-chrome.css';
import { reloadIntoUpdate, routeChanged, useWebUpdateStore } from './web-updates';

// The menu and its dialogs load with the signed-in screens, not with the sign-in page, and once the page is idle: its
// code (Radix's menu) and first render would otherwise lengthen the tasks that show the screen itself.
const AppMenu = lazy(() => new Promise<void>(whenIdle).then(() => import('../features/menu/app-menu')).then((module) => ({ default: module.AppMenu })));

/** What every route shows around its screen: the header (menu or Light/Dark), offline and update notices. */
export function AppChrome() {
  const t = useT();
  useRouteTitle();
  useFocusOnNavigate();
  const signedIn = useSessionStore(signedInAsAccount);
  const online = useOnline();
  const updateWaiting = useWebUpdateStore((state) => state.waiting);
  return (
    <>
      <header className="app-header">
        <div className="app-header-tools">
          {/* The language picker in both: signed in, the menu beside it holds Light/Dark. */}
          <LanguagePicker />
          {signedIn ? (
            <Suspense fallback={null}>
              <AppMenu />
            </Suspense>
          ) : (
            <ThemeToggle />
          )}
        </div>
        {online ? null : (
          <p className="app-notice app-notice-offline" role="status">
            {t('app.offline')}
          </p>
        )}
        {updateWaiting ? (
          <div className="app-notice" role="status">
            <span>{t('app.updateReady')}</span>
            <Button variant="secondary" onClick={reloadIntoUpdate}>
              {t('app.reloadNow')}
            </Button>
          </div>
        ) : null}
      </header>
      <Outlet />
    </>
  );
}

/** Each route's own title (route-table.ts), "… · Suite Portal". */
function useRouteTitle(): void {
  useT();
  const title = documentTitle(useMatches());
  useEffect(() => {
    document.title = title;
  }, [title]);
}

/** The document title for the routes matched: the deepest route's own title (in the language shown), "… · Suite Portal". */
export function documentTitle(matches: readonly { handle?: unknown }[]): string {
  const title = (matches.at(-1)?.handle as { title?: string } | undefined)?.title;
  return title ? `${tEnglish(title)} · Suite Portal` : 'Suite Portal';
}

/**
 * After a route change (not the first load), focus moves to the new page's heading, so a screen reader announces
 * the page and keyboard users start at its top. Lazy screens appear a moment later: wait for the heading.
 */
function useFocusOnNavigate(): void {
  const location = useLocation();
  useEffect(() => {
    if (location.key === 'default') return;
    routeChanged();
    let frame = 0;
    let focused: HTMLElement | null = null;
    // What had focus when the page changed (a link of the old page, the menu button) is not the user's new choice.
    const before = document.activeElement;
    const deadline = Date.now() + 5000;
    // Until the deadline, and while the user has not moved focus elsewhere: focus the page's heading, again if the
    // one focused was replaced (a loading state, then the screen).
    const follow = () => {
      const active = document.activeElement;
      const userMoved = active !== null && active !== document.body && active !== focused && active !== before;
      if (userMoved) return;
      const heading = document.querySelector<HTMLElement>('main h1');
      if (heading && heading !== focused) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
        focused = heading;
      }
      if (Date.now() < deadline) frame = requestAnimationFrame(follow);
    };
    frame = requestAnimationFrame(follow);
    return () => cancelAnimationFrame(frame);
  }, [location.key]);
}
