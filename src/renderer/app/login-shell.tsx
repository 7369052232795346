// Runs at build time, in Node (build-prerender.ts), never in the page: it renders the portal at /login as a visitor
// with nothing stored first sees it, into the markup the server puts in /login's page (src/server/http/portal-page.ts).
import { StrictMode } from 'react';
import { renderToString } from 'react-dom/server';
import { createMemoryRouter } from 'react-router-dom';
import type { LoginShells, PortalConfig } from '../../shared/protocol/http';
import { LANGUAGES, type Language } from '../../shared/i18n/languages';
import { setPortalConfig } from '../api';
import { showLanguage } from '../i18n';
import { documentTitle } from './app-chrome';
import { PortalApp } from './app-root';
import { appRoutes } from './router';

/** What the first render at /login reads of the config: only whether Microsoft sign-in is offered. */
export const loginShellConfig = (microsoftSignIn: boolean): PortalConfig => ({
  productUrls: { hrms: '', chat: '', pms: '', payroll: '', survey: '', recruit: '', assets: '', performance: '' },
  trackUrl: '',
  cookieDomain: null,
  publicUrl: '',
  helpVideoUrl: null,
  documentsUrl: null,
  support: null,
  consoleLogging: true,
  microsoftSignIn,
});

/**
 * The portal's first render at /login, with and without the Microsoft button (the server picks by its configuration),
 * and the title the renderer gives the page, so the tab says "Sign In" before the scripts have run.
 * The page paints it before any script has run, and main.tsx hydrates it: React takes over the same elements, so
 * what was typed in the meantime stays. Before that a submit goes nowhere (sign-in-form.tsx).
 */
export async function renderLoginShells(): Promise<LoginShells> {
  const routerAtLogin = () => createMemoryRouter(appRoutes(), { initialEntries: ['/login'] });
  const render = (microsoftSignIn: boolean) => {
    setPortalConfig(loginShellConfig(microsoftSignIn));
    const router = routerAtLogin();
    return renderToString(
      <StrictMode>
        <PortalApp router={router} />
      </StrictMode>,
    );
  };
  const shells = () => ({ plain: render(false), microsoft: render(true), title: documentTitle(routerAtLogin().state.matches.map((match) => ({ handle: match.route.handle }))) });
  const english = shells();
  // The same screen in each other language, for the server to send the one it picks (cookie, else Accept-Language).
  const languages: Record<string, ReturnType<typeof shells>> = {};
  for (const language of Object.keys(LANGUAGES) as Language[]) {
    if (language === 'en') continue;
    await showLanguage(language);
    languages[language] = shells();
  }
  await showLanguage('en');
  return { ...english, languages };
}
