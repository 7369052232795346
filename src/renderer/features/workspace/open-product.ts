import { productUrl } from '../../../shared/products';
import { call, portalConfig } from '../../api';
import { platform } from '../../platform';
import type { ProductChoice } from './workspace-logic';
import { productHost } from './workspace-logic';

/**
 * Spec section 4, Next button: with a known email, record the chosen organization with `loginEmail` first; then
 * leave for the product's page of that organization (the desktop shell routes it: its own window or the system
 * browser). Rejects (and stays) when `loginEmail` or the launch fails.
 */
export async function openProduct(choice: ProductChoice, email: string | null): Promise<{ portalStays: boolean }> {
  if (email) await call('loginEmail', { email, orgId: choice.orgId, ...platform.loginEmailFacts() });
  const host = productHost(portalConfig(), choice.product, platform.flavor);
  return platform.launchProduct({ ...choice, url: productUrl(host, choice.product, choice.orgId) });
}
