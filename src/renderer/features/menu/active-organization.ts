import { useEffect } from 'react';
import { create } from 'zustand';
import type { Organization } from '../../../shared/protocol';
import { call } from '../../api';
import type { SessionState } from '../../session/session-store';

/**
 * Whether the header shows the menu: a session the server recognised as a regular account's (`authenticate`
 * succeeded). An onboarding employee's token opens the boarding pages only, so they get the Light/Dark switch like a
 * visitor.
 */
export const signedInAsAccount = (session: SessionState): boolean => session.token !== null && session.isAuthenticated;

interface OrganizationsState {
  list: Organization[] | null;
  /** The organization the user is working in: the workspace's selection, else the server's active one. */
  activeOrgId: string | null;
}

/** The organizations of the signed-in user, shared by the workspace (which loads and selects) and the menu. */
export const useOrganizationsStore = create<OrganizationsState>()(() => ({ list: null, activeOrgId: null }));

/** The workspace loaded the list. */
export function organizationsLoaded(list: Organization[], activeOrgId: string | null): void {
  useOrganizationsStore.setState({ list, activeOrgId });
}

/** The workspace's selection changed: the menu's products follow it. */
export function organizationSelected(orgId: string): void {
  useOrganizationsStore.setState({ activeOrgId: orgId });
}

let requested = false;

/** The active organization for the menu; loads the list once when no screen has yet (change password, setup). */
export function useActiveOrganization(signedIn: boolean): Organization | null {
  const { list, activeOrgId } = useOrganizationsStore();
  useEffect(() => {
    if (!signedIn || list !== null || requested) return;
    requested = true;
    call('getWorkspaceList', { requirePlanDetails: true }).then(
      (reply) => useOrganizationsStore.getState().list === null && organizationsLoaded(reply.list, reply.activeOrgId),
      () => (requested = false),
    );
  }, [signedIn, list]);
  if (!signedIn || !list) return null;
  return list.find((org) => org.orgId === activeOrgId) ?? list[0] ?? null;
}
