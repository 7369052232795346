import type { PortalConfig } from '../../../shared/protocol';

/** The pages that exist under /{orgId}/ and /{orgId}/preboarding/ (spec section 2). */
export const ORG_PAGES = ['login', 'register', 'forgot-password', 'reset', 'email-sent'] as const;
export type OrgPage = (typeof ORG_PAGES)[number];

export interface OrgPath {
  orgId: string;
  /** True under /{orgId}/preboarding/; otherwise the path belongs to onboarding. */
  preboarding: boolean;
  page: OrgPage;
}

const isOrgPage = (value: string | undefined): value is OrgPage => (ORG_PAGES as readonly string[]).includes(value ?? '');

/**
 * Reads an /{orgId}/… path: which organization, which page, and whether it is preboarding, derived from the exact
 * path as the spec asks. Anything else (including a reset without its code) is null.
 */
export function parseOrgPath(pathname: string): OrgPath | null {
  const segments = pathname.split('/').filter(Boolean).map((segment) => decodeURIComponent(segment));
  const [orgId, ...rest] = segments;
  if (!orgId) return null;
  const preboarding = rest[0] === 'preboarding';
  const [page, ...tail] = preboarding ? rest.slice(1) : rest;
  if (!isOrgPage(page)) return null;
  const expectedTail = page === 'reset' ? 1 : 0;
  if (tail.length !== expectedTail) return null;
  return { orgId, preboarding, page };
}

/** The base of one org flow's pages: /{orgId} or /{orgId}/preboarding. */
export function orgFlowBase(path: Pick<OrgPath, 'orgId' | 'preboarding'>): string {
  return `/${encodeURIComponent(path.orgId)}${path.preboarding ? '/preboarding' : ''}`;
}

const join = (base: string, ...parts: string[]) => [base.replace(/\/+$/, ''), ...parts.map((part) => encodeURIComponent(part))].join('/');

/** The recruitment product's boarding-document page of a preboarding employee. */
export function boardingDocumentUrl(productUrls: Pick<PortalConfig['productUrls'], 'recruit'>, orgId: string, employeeId: string): string {
  return `${join(productUrls.recruit, orgId)}/boarding-document/${encodeURIComponent(employeeId)}`;
}

/** The HR product's onboarding preview page of an onboarding employee. */
export function employeePreviewUrl(productUrls: Pick<PortalConfig['productUrls'], 'hrms'>, orgId: string, employeeId: string): string {
  return `${join(productUrls.hrms, orgId)}/employee-onboarding/employee-preview/${encodeURIComponent(employeeId)}`;
}
