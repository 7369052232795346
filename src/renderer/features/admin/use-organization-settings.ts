import { useCallback, useEffect, useState } from 'react';
import type { OrganizationSettings } from '../../../shared/protocol/admin-schemas';
import { CallError, ERROR_CODES } from '../../../shared/protocol/errors';
import { call, errorMessage } from '../../api';

/**
 * The organization a console page is about: loading; ready with its settings; refused (the caller is not its
 * administrator, it does not exist, or it cannot be reached from here: the server says which words to show); or
 * failed (no answer), which can be tried again.
 */
export type SettingsState =
  | { status: 'loading' }
  | { status: 'ready'; settings: OrganizationSettings }
  | { status: 'refused'; message: string }
  | { status: 'failed'; message: string };

/** Said for an organization id that cannot be one (the server is not asked about a malformed id). */
export const NOT_ADMIN_MESSAGE = 'Only an administrator of this organization can open its admin console.';

function refusal(failure: unknown): SettingsState {
  if (failure instanceof CallError && (failure.code === ERROR_CODES.FORBIDDEN || failure.code === ERROR_CODES.NOT_FOUND)) {
    return { status: 'refused', message: failure.message || NOT_ADMIN_MESSAGE };
  }
  if (failure instanceof CallError && failure.code === ERROR_CODES.BAD_REQUEST) return { status: 'refused', message: NOT_ADMIN_MESSAGE };
  return { status: 'failed', message: errorMessage(failure) };
}

/** `getOrganizationSettings` for one organization, with a way to replace them after a change and to ask again. */
export function useOrganizationSettings(orgId: string) {
  const [state, setState] = useState<{ orgId: string; value: SettingsState }>({ orgId, value: { status: 'loading' } });
  const [generation, setGeneration] = useState(0);

  useEffect(() => {
    let current = true;
    call('getOrganizationSettings', { orgId }).then(
      (settings) => current && setState({ orgId, value: { status: 'ready', settings } }),
      (failure: unknown) => current && setState({ orgId, value: refusal(failure) }),
    );
    return () => {
      current = false;
    };
  }, [orgId, generation]);

  const replace = useCallback((settings: OrganizationSettings) => setState({ orgId, value: { status: 'ready', settings } }), [orgId]);
  const retry = useCallback(() => {
    setState({ orgId, value: { status: 'loading' } });
    setGeneration((value) => value + 1);
  }, [orgId]);

  // Another organization's answer (the path changed) is not shown while this one loads.
  return { state: state.orgId === orgId ? state.value : ({ status: 'loading' } as SettingsState), replace, retry };
}
