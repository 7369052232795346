import { useLocation } from 'react-router-dom';
import { orgFlowBase, parseOrgPath, type OrgPath } from '../onboarding/onboarding-paths';

/** Which flow a screen serves, from the exact path: the portal's own (base '') or an organization's onboarding/preboarding one. */
export function useOrgFlow(): { orgPath: OrgPath | null; base: string } {
  const { pathname } = useLocation();
  const orgPath = parseOrgPath(pathname);
  return { orgPath, base: orgPath ? orgFlowBase(orgPath) : '' };
}
