import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Request, RequestHandler } from 'express';
import { isInAppBrowser } from '../../shared/in-app-browser';
import { HTTP_ROUTES, LOGIN_SHELLS_FILE, PORTAL_CONFIG_ELEMENT_ID, TOKEN_COOKIE, type LoginShells, type PortalConfig } from '../../shared/protocol';
import { escapeHtml } from '../../shared/escape-html';
import { DEFAULT_LANGUAGE, directionOf, type Language, type UiLanguage } from '../../shared/i18n/languages';
import { portalPathOf } from '../../shared/portal-paths';
import { requestLanguage } from '../i18n/request-language';

/**
 * The web portal's page (the build's index.html) as the server sends it for a navigation: with this deployment's
 * portal config written in as a JSON data block, so the renderer starts without a round trip and /login's first paint
 * is the sign-in screen (npm run bench -- lcp). The preload of /portal-config.json is dropped: nothing fetches it.
 *
 * The raw index.html stays as built for the service worker's copy (it is fetched as /index.html), which the renderer
 * starts from by fetching the config, or from the one remembered offline: a copy with settings written in would keep
 * them until the next deployment.
 */
export function withPortalConfig(html: string, config: PortalConfig): string {
  // A data block is never run (the CSP allows no inline script, and needs not to); `<` is escaped so no value can end
  // the element or open a comment.
  const json = JSON.stringify(config).replace(/</g, '\\u003c');
  const block = `<script type="application/json" id="${PORTAL_CONFIG_ELEMENT_ID}">${json}</script>`;
  const page = html.replace(PRELOAD_LINK, '');
  const head = page.indexOf('</head>');
  if (head < 0) throw new Error('The built index.html has no </head>.');
  return `${page.slice(0, head)}  ${block}\n  ${page.slice(head)}`;
}

const PRELOAD_LINK = new RegExp(`\\s*<link rel="preload" href="${HTTP_ROUTES.portalConfig.replace('.', '\\.')}"[^>]*>`);

/** Where the sign-in screen goes in the built page: React's container, empty as built. */
const ROOT_ELEMENT = '<div id="root"></div>';
const TITLE_ELEMENT = /<title>[^<]*<\/title>/;

/**
 * The page with the prerendered sign-in screen in React's container, and the screen's title: the browser paints it
 * before any script has run, and the renderer hydrates it (src/renderer/app/login-shell.tsx). Without a container to
 * fill (a build that changed its page), the page as it is.
 */
export function withLoginShell(page: string, shell: LoginShell, options: { inAppBrowser?: boolean } = {}): string {
  const at = page.indexOf(ROOT_ELEMENT);
  if (at < 0) return page;
  // A browser embedded in a mobile app is offered no sign-up (spec section 2): the container's mark hides the screen's
  // offer from the first paint (auth-layout.css), and React leaves it out once it has the page (sign-in-screen.tsx).
  const container = options.inAppBrowser ? '<div id="root" data-in-app-browser="">' : '<div id="root">';
  const filled = `${page.slice(0, at)}${container}${shell.markup}</div>${page.slice(at + ROOT_ELEMENT.length)}`;
  // The head's title is the page's first; a function, so no `$` in a title is read as a replacement pattern.
  const { title } = shell;
  return title ? filled.replace(TITLE_ELEMENT, () => `<title>${escapeHtml(title)}</title>`) : filled;
}

/** One of the build's prerendered screens and the title that goes with it (none from a build before titles). */
export interface LoginShell {
  markup: string;
  title: string | null;
}

/**
 * The build's prerendered screen in the language, or null where the build has none (or an unreadable file: the page
 * still works, rendered by the browser).
 */
function loginShellOf(text: string | null, config: PortalConfig, language: UiLanguage): LoginShell | null {
  if (text === null) return null;
  try {
    const all = JSON.parse(text) as Partial<LoginShells> | null;
    const shells = language === 'en' ? all : all?.languages?.[language];
    const markup = config.microsoftSignIn ? shells?.microsoft : shells?.plain;
    const title = typeof shells?.title === 'string' && shells.title.length > 0 ? shells.title : null;
    return typeof markup === 'string' && markup.length > 0 ? { markup, title } : null;
  } catch {
    return null;
  }
}

/** Whether the request carries a session token: /login then only passes the visitor on, and shows no sign-in form. */
const TOKEN_PRESENT = new RegExp(`(?:^|;)\\s*${TOKEN_COOKIE}=[^;\\s]`);
const signedIn = (req: Request) => TOKEN_PRESENT.test(req.headers.cookie ?? '');

/** The language an organization's admin set for its signed-out pages (null: none, or no such organization). */
export type OrganizationLanguageOf = (orgId: string) => Promise<Language | null>;

/**
 * The organization whose signed-out pages a path is (/{orgId}/login, /{orgId}/register, /{orgId}/forgot-password…,
 * and the same under /{orgId}/preboarding: `shared/portal-paths.ts`'s organization paths), or null. A path that an
 * earlier pattern takes (/invite/login, /account/login) is not one, as in the renderer's route table.
 */
export function organizationOfPath(path: string): string | null {
  const pattern = portalPathOf(path)?.pattern;
  if (!pattern?.startsWith('/:orgId/')) return null;
  return path.split('/').find(Boolean) ?? null;
}

/**
 * The language of the page (issue 26): the visitor's choice, remembered in the `ubs_lang` cookie (which may be the
 * pseudo-locale); else, on an organization's signed-out pages, the language its admin set; else the first of the
 * browser's Accept-Language the portal speaks; else English (i18n/request-language.ts has the cookie's and the header's rule).
 */
export async function pageLanguage(req: Pick<Request, 'headers' | 'path'>, organizationLanguageOf: OrganizationLanguageOf = async () => null): Promise<UiLanguage> {
  const asked = requestLanguage(req.headers.cookie, req.headers['accept-language']);
  if (asked?.chosen) return asked.language;
  const orgId = organizationOfPath(req.path);
  const organization = orgId === null ? null : await organizationLanguageOf(orgId);
  return organization ?? asked?.language ?? DEFAULT_LANGUAGE;
}

/** The page's <html> element in the language: its `lang` and writing direction. */
export function withLanguage(page: string, language: UiLanguage): string {
  return page.replace(/<html lang="[^"]*"(?: dir="[^"]*")?/, `<html lang="${language}" dir="${directionOf(language)}"`);
}

/** The pages in one language. */
interface Pages {
  page: string;
  /** /login for a visitor who is not signed in: the page with the sign-in screen already in it. */
  login: string;
  /** The same, for a browser embedded in a mobile app. */
  loginInApp: string;
}

/**
 * The build as read, and the pages made of it on first use for each language and value of the config's
 * console-logging flag (`{language}/{flag}`); all dropped when the build changes.
 */
interface Built {
  modified: string;
  html: string;
  shells: string | null;
  pages: Map<string, Pages>;
}

/**
 * GET for any path: the page with the config in (its `consoleLogging` decided for the host the page was asked on, by
 * `consoleLoggingOf`; the rest as given), and for /login (to a visitor who is not signed in) the sign-in screen
 * prerendered by the build. A path the portal has no screen for (`shared/portal-paths.ts`) is answered 404 with the same
 * page (its router shows the not-found screen); a page kept out of search indexes says so in `X-Robots-Tag`. It is read again when the build changes (`npm run build:web`
 * under a running server); until there is a build, a 503 says how to make one. The page's language is `pageLanguage`'s,
 * with `organizationLanguageOf` for an organization's signed-out pages (organizations/language.ts keeps the answers).
 */
export function portalPage(
  webRoot: string,
  config: PortalConfig,
  consoleLoggingOf: (req: Request) => boolean = () => config.consoleLogging,
  organizationLanguageOf: OrganizationLanguageOf = async () => null,
): RequestHandler {
  const indexFile = join(webRoot, 'index.html');
  const shellsFile = join(webRoot, LOGIN_SHELLS_FILE);
  let cached: Built | null = null;
  const modifiedOf = (file: string) => stat(file).then((info) => info.mtimeMs, () => null);
  const pages = async (language: UiLanguage, consoleLogging: boolean): Promise<Pages | null> => {
    const [index, shells] = await Promise.all([modifiedOf(indexFile), modifiedOf(shellsFile)]);
    if (index === null) return null;
    const modified = `${index}/${shells}`;
    if (cached?.modified !== modified) {
      cached = { modified, html: await readFile(indexFile, 'utf8'), shells: await readFile(shellsFile, 'utf8').catch(() => null), pages: new Map() };
    }
    const key = `${language}/${consoleLogging}`;
    let made = cached.pages.get(key);
    if (!made) {
      const page = withLanguage(withPortalConfig(cached.html, { ...config, consoleLogging }), language);
      const shell = loginShellOf(cached.shells, config, language);
      made = {
        page,
        login: shell === null ? page : withLoginShell(page, shell),
        loginInApp: shell === null ? page : withLoginShell(page, shell, { inAppBrowser: true }),
      };
      cached.pages.set(key, made);
    }
    return made;
  };
  return (req, res, next) => {
    pageLanguage(req, organizationLanguageOf).then((language) => pages(language, consoleLoggingOf(req))).then((built) => {
      if (built === null) {
        res.status(503).type('text/plain').send('The web portal has not been built. Run `npm run build:web`, or start with `npm start`.');
        return;
      }
      const login = req.path === '/login';
      // A path the portal has no page for is a 404, with the page: its router shows 'OOPS! PAGE NOT FOUND'.
      const known = portalPathOf(req.path);
      res.status(known ? 200 : 404);
      if (!known?.indexed) res.set('X-Robots-Tag', 'noindex');
      res.set('Cache-Control', 'no-cache');
      // Every page is in the language of the cookie, of its organization (a path's own) or of Accept-Language (issue 26).
      res.vary('Cookie').vary('Accept-Language');
      if (login) res.vary('User-Agent');
      const prerendered = login && !signedIn(req);
      res.type('html').send(!prerendered ? built.page : isInAppBrowser(req.get('user-agent') ?? '') ? built.loginInApp : built.login);
    }, next);
  };
}
