import { accessibleProducts, defaultProduct, type ProductKey } from '../../../shared/products';
import type { Organization, PortalConfig } from '../../../shared/protocol';
import type { Flavor } from '../../platform';
import { safeInternalPath } from '../../session/previous-url';

/** One organization and one product in it the user may open. */
export interface ProductChoice {
  orgId: string;
  product: ProductKey;
}

/** What the workspace does once the list has arrived (spec section 4, Workspace load). */
export type WorkspaceLanding =
  | { kind: 'open-product'; choice: ProductChoice }
  | { kind: 'previous-url'; path: string }
  | { kind: 'no-organization' }
  | { kind: 'select' };

/** Every (organization, product) pair with effective access, in list order and the spec's product order. */
export function accessibleChoices(list: readonly Organization[]): ProductChoice[] {
  return list.flatMap((org) => accessibleProducts(org).map((product) => ({ orgId: org.orgId, product })));
}

/** A client everywhere: has memberships, and every one of them is a client's. */
export function isClientOnly(list: readonly Organization[]): boolean {
  return list.length > 0 && list.every((org) => org.role === 'client');
}

/**
 * Exactly one accessible pair in the whole list: straight to it. Otherwise a stored previous URL (safe paths only)
 * for anyone who is not only a client. Otherwise the selection, or 'Oops!' when there is no organization at all.
 */
export function decideLanding(list: readonly Organization[], previousUrl: string | null): WorkspaceLanding {
  const choices = accessibleChoices(list);
  const [only] = choices;
  if (only && choices.length === 1) return { kind: 'open-product', choice: only };
  const path = safeInternalPath(previousUrl);
  if (path && !isClientOnly(list)) return { kind: 'previous-url', path };
  return list.length === 0 ? { kind: 'no-organization' } : { kind: 'select' };
}

/** The organization selected at first: the active one when it is in the list, else the first. */
export function initialOrgId(list: readonly Organization[], activeOrgId: string | null): string | null {
  const active = activeOrgId === null ? undefined : list.find((org) => org.orgId === activeOrgId || org._id === activeOrgId);
  return (active ?? list[0])?.orgId ?? null;
}

/** The product selected for an organization: the app's default for the role if accessible, else the first accessible. */
export function initialProduct(org: Organization, flavor: Flavor): ProductKey | null {
  const products = accessibleProducts(org);
  const preferred = defaultProduct(org.role, flavor);
  return products.includes(preferred) ? preferred : (products[0] ?? null);
}

/** The host a product is opened on: Project goes to the time-tracking host in the time-tracking app. */
export function productHost(config: Pick<PortalConfig, 'productUrls' | 'trackUrl'>, product: ProductKey, flavor: Flavor): string {
  return product === 'pms' && flavor === 'track' ? config.trackUrl : config.productUrls[product];
}
