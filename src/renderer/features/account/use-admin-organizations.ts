import { useEffect, useState } from 'react';
import type { Organization } from '../../../shared/protocol';
import { call, errorMessage } from '../../api';
import { useSessionStore } from '../../session/session-store';

export type AdminOrganizations = { status: 'loading' } | { status: 'ready'; list: Organization[] } | { status: 'failed'; message: string };

let cached: { token: string | null; request: Promise<Organization[]> } | null = null;

/** The organizations the user administers (and may reach from here), asked once per session and page load. */
function adminOrganizations(token: string | null): Promise<Organization[]> {
  if (cached?.token !== token) {
    const request = call('getWorkspaceList', { requirePlanDetails: false }).then(({ list }) => list.filter((org) => org.isAdmin));
    cached = { token, request };
    request.catch(() => {
      if (cached?.request === request) cached = null;
    });
  }
  return cached!.request;
}

/** The organizations whose audit the user may read: the security center shows its Organization audit for them. */
export function useAdminOrganizations(): AdminOrganizations {
  const token = useSessionStore((session) => session.token);
  const [state, setState] = useState<AdminOrganizations>({ status: 'loading' });
  useEffect(() => {
    let current = true;
    adminOrganizations(token).then(
      (list) => current && setState({ status: 'ready', list }),
      (failure: unknown) => current && setState({ status: 'failed', message: errorMessage(failure) }),
    );
    return () => {
      current = false;
    };
  }, [token]);
  return state;
}
