// Product keys, labels, roles and access rules, without zod: /login's first paint reads them. The schemas are in
// `product-schemas.ts`.
/** The suite's product keys, in the spec's order (HR, chat, project, payroll, survey, recruitment, assets, performance). */
export const PRODUCT_KEYS = ['hrms', 'chat', 'pms', 'payroll', 'survey', 'recruit', 'assets', 'performance'] as const;

/** One product of the suite. */
export type ProductKey = (typeof PRODUCT_KEYS)[number];

/** A member's role in one organization. */
export const ROLES = ['admin', 'member', 'client'] as const;
export type Role = (typeof ROLES)[number];

/** Tile label shown on the workspace, per product. */
export const PRODUCT_LABELS: Record<ProductKey, string> = {
  hrms: 'HR',
  chat: 'Chat',
  pms: 'Project',
  payroll: 'Payroll',
  survey: 'Survey',
  recruit: 'Applicant tracking',
  assets: 'Assets',
  performance: 'Performance',
};

/** Which roles may see each tile at all (spec section 6): Project for everyone, Survey for admins, the rest for admins and members. */
export const TILE_ROLES: Record<ProductKey, readonly Role[]> = {
  hrms: ['admin', 'member'],
  chat: ['admin', 'member'],
  pms: ['admin', 'member', 'client'],
  payroll: ['admin', 'member'],
  survey: ['admin'],
  recruit: ['admin', 'member'],
  assets: ['admin', 'member'],
  performance: ['admin', 'member'],
};

/** planAccess as the wire carries it: per product, `default.access` (checked by `PlanAccessSchema`). */
export type PlanAccess = Record<ProductKey, { default: { access: boolean } }>;

/** Builds the wire planAccess from a plan (product key to boolean, missing means false). */
export function toPlanAccess(plan: Partial<Record<ProductKey, boolean>>): PlanAccess {
  return Object.fromEntries(PRODUCT_KEYS.map((key) => [key, { default: { access: plan[key] === true } }])) as PlanAccess;
}

export interface AccessSubject {
  role: Role;
  planAccess: PlanAccess;
  productAccess: readonly ProductKey[];
}

/**
 * Effective access to one product, exactly as spec section 3 and 6 say:
 * the tile is one the role may see, AND the plan grants it, AND (the user is admin OR productAccess grants it).
 */
export function hasProductAccess(subject: AccessSubject, product: ProductKey): boolean {
  if (!TILE_ROLES[product].includes(subject.role)) return false;
  if (!subject.planAccess[product]?.default.access) return false;
  return subject.role === 'admin' || subject.productAccess.includes(product);
}

/** The products a member can open in one organization, in the spec's order. */
export function accessibleProducts(subject: AccessSubject): ProductKey[] {
  return PRODUCT_KEYS.filter((key) => hasProductAccess(subject, key));
}

/** The default product on the workspace: Project for clients, HR otherwise; the desktop apps override it. */
export function defaultProduct(role: Role, flavor: 'web' | 'chat' | 'track' = 'web'): ProductKey {
  if (flavor === 'chat') return 'chat';
  if (flavor === 'track' || role === 'client') return 'pms';
  return 'hrms';
}

/** Where a product is entered for an organization: `{base}/{orgId}`, HR at `{base}/{orgId}/dashboard`. */
export function productUrl(base: string, product: ProductKey, orgId: string): string {
  const root = `${base.replace(/\/+$/, '')}/${encodeURIComponent(orgId)}`;
  return product === 'hrms' ? `${root}/dashboard` : root;
}
