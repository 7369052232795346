/**
 * The admin console's routes. Tiny on purpose: the route table, the workspace header and the menu import it without
 * loading the console (its screens are a lazy chunk).
 */
export const ADMIN_ROOT = '/admin';

/** The console's sections, in the order of its navigation. */
export const ADMIN_SECTIONS = ['members', 'invitations', 'security', 'sign-in', 'branding', 'apps'] as const;
export type AdminSection = (typeof ADMIN_SECTIONS)[number];

/** `/admin/{orgId}/{section}`. */
export const adminPath = (orgId: string, section: AdminSection = 'members'): string => `${ADMIN_ROOT}/${encodeURIComponent(orgId)}/${section}`;

/** The one link to the console, for the workspace header and the menu (name and route, as menu items have). */
export const ADMIN_CONSOLE_LINK = { name: 'Admin console', route: ADMIN_ROOT } as const;

/** Where a path under /admin points: the picker, an organization (and a section, when it names a known one). */
export type AdminLocation = { kind: 'picker' } | { kind: 'organization'; orgId: string; section: AdminSection | null };

/** Reads /admin, /admin/{orgId} and /admin/{orgId}/{section}; anything deeper or unknown has no section. */
export function parseAdminPath(pathname: string): AdminLocation {
  const parts = pathname.replace(/\/+$/, '').split('/').slice(2);
  if (parts.length === 0 || parts[0] === '') return { kind: 'picker' };
  let orgId: string;
  try {
    orgId = decodeURIComponent(parts[0]!);
  } catch {
    orgId = parts[0]!;
  }
  const section = parts.length === 2 && (ADMIN_SECTIONS as readonly string[]).includes(parts[1]!) ? (parts[1] as AdminSection) : null;
  return { kind: 'organization', orgId, section };
}
