/**
 * The account security center's routes. Tiny on purpose: the route table, the workspace header and the menu import
 * it without loading the area itself (its screens are a lazy chunk).
 */
export const ACCOUNT_PATHS = {
  root: '/account',
  sessions: '/account/sessions',
  history: '/account/history',
  secondFactor: '/account/second-factor',
  connectedApps: '/account/connected-apps',
  passkeys: '/account/passkeys',
  organizationAudit: '/account/organization-audit',
} as const;

/** The one link to the security center, for the workspace header and the menu (name and route, as menu items have). */
export const SECURITY_CENTER_LINK = { name: 'Security', route: ACCOUNT_PATHS.root } as const;
