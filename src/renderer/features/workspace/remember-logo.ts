import type { Organization } from '../../../shared/protocol';
import { LOCAL_KEYS, removeLocal, writeLocal } from '../../session/local-values';

/**
 * Spec section 3, `selectedLogo`: the logo of the organization the user chose, stored locally; the sign-in screen
 * shows it small in the top-right corner. An organization without a logo clears an older one.
 */
export function rememberLogo(org: Pick<Organization, 'logoURL'> | undefined): void {
  if (!org) return;
  if (org.logoURL) writeLocal(LOCAL_KEYS.selectedLogo, org.logoURL);
  else removeLocal(LOCAL_KEYS.selectedLogo);
}
