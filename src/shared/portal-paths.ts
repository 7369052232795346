/**
 * Every path the web portal's page shows, as path patterns (react-router's: `:param` is one segment, a final `*` the
 * rest): the renderer's route table has one route for each (src/renderer/app/route-table.test.ts holds them equal),
 * and the server answers a navigation to any other path 404 (with the page, which shows 'OOPS! PAGE NOT FOUND'). Kept
 * here, apart from the route table, because the table imports the screens and the server must not.
 *
 * `indexed`: whether a search engine may list the page. Signed-in pages, sign-in steps and every page whose path or
 * query carries a code or token are kept out (robots.txt, and `X-Robots-Tag: noindex` on the page itself).
 */
export const PORTAL_PATHS: readonly { pattern: string; indexed: boolean }[] = [
  { pattern: '/', indexed: true },
  { pattern: '/login', indexed: true },
  { pattern: '/register', indexed: true },
  { pattern: '/forgot-password', indexed: true },
  { pattern: '/downloads', indexed: true },
  { pattern: '/multi-factor-authenticate', indexed: false },
  { pattern: '/setup-multi-factor', indexed: false },
  { pattern: '/recovery-code', indexed: false },
  { pattern: '/forget-with-recovery', indexed: false },
  { pattern: '/reset-with-recovery', indexed: false },
  { pattern: '/email-sent', indexed: false },
  { pattern: '/reset/:code', indexed: false },
  { pattern: '/not-me/:code', indexed: false },
  { pattern: '/stay-tuned', indexed: false },
  { pattern: '/verify-email', indexed: false },
  { pattern: '/invite/:inviteCode', indexed: false },
  { pattern: '/invite-client/:token', indexed: false },
  { pattern: '/authorize', indexed: false },
  { pattern: '/desktop-passkey', indexed: false },
  { pattern: '/sso/complete', indexed: false },
  // Not a route of the table: the Microsoft popup's page, which hands the answer to its opener before any route runs.
  { pattern: '/auth/ms/callback', indexed: false },
  { pattern: '/workspace', indexed: false },
  { pattern: '/change-password', indexed: false },
  { pattern: '/verify-organization/:id', indexed: false },
  { pattern: '/account/*', indexed: false },
  { pattern: '/admin/*', indexed: false },
  ...organizationPaths('/:orgId'),
  ...organizationPaths('/:orgId/preboarding'),
];

/** The onboarding (and preboarding) screens under an organization: its sign-in, sign-up and reset pages. */
function organizationPaths(base: string): { pattern: string; indexed: boolean }[] {
  return [
    { pattern: `${base}/login`, indexed: true },
    { pattern: `${base}/register`, indexed: true },
    { pattern: `${base}/forgot-password`, indexed: true },
    { pattern: `${base}/reset/:code`, indexed: false },
    { pattern: `${base}/email-sent`, indexed: false },
  ];
}

/** The paths only the server answers (no page) that no crawler has business with. */
const SERVER_ONLY_PREFIXES = ['/oauth2/', '/oidc/', '/auth/', '/sso/', '/*/sso', '/scim/', '/api/', '/uploads/', '/device-trust', '/products/'];

/** Whether a URL path matches a pattern: `:param` one non-empty segment, a final `*` any rest (none included). */
export function matchesPattern(pattern: string, path: string): boolean {
  const wanted = pattern.split('/').filter(Boolean);
  const given = path.split('/').filter(Boolean);
  for (const [index, segment] of wanted.entries()) {
    if (segment === '*' && index === wanted.length - 1) return true;
    const part = given[index];
    if (part === undefined) return false;
    if (!segment.startsWith(':') && segment !== part) return false;
  }
  return given.length === wanted.length;
}

/** The portal path a URL path is, or null (a page the portal does not have: 404). */
export function portalPathOf(path: string): { pattern: string; indexed: boolean } | null {
  return PORTAL_PATHS.find((entry) => matchesPattern(entry.pattern, path)) ?? null;
}

/** A pattern as a robots.txt rule: its dynamic segments as `*`, cut after the last literal segment before a dynamic one. */
function robotsRuleOf(pattern: string): string {
  const segments = pattern.split('/').filter(Boolean);
  const lastLiteral = segments.findLastIndex((segment) => segment !== '*' && !segment.startsWith(':'));
  const kept = segments.slice(0, lastLiteral + 1).map((segment) => (segment.startsWith(':') ? '*' : segment));
  const open = lastLiteral < segments.length - 1 && segments[segments.length - 1] !== '*';
  return `/${kept.join('/')}${open ? '/' : ''}`;
}

/** GET /robots.txt: the portal's entry pages may be crawled; signed-in, sign-in step and token pages may not. */
export function robotsTxt(): string {
  const rules = [...new Set([...PORTAL_PATHS.filter((entry) => !entry.indexed).map((entry) => robotsRuleOf(entry.pattern)), ...SERVER_ONLY_PREFIXES])];
  return ['User-agent: *', ...rules.map((rule) => `Disallow: ${rule}`), 'Allow: /', ''].join('\n');
}
