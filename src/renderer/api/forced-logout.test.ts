import { describe, expect, it, vi } from 'vitest';
import { CallError, ERROR_CODES, type Call } from '../../shared/protocol';
import { withForcedLogout } from './forced-logout';

const failingWith = (error: unknown) => vi.fn(() => Promise.reject(error)) as unknown as Call;

describe('withForcedLogout', () => {
  it('reports a 401 from any event and still rejects with it', async () => {
    const onUnauthenticated = vi.fn();
    const error = new CallError(ERROR_CODES.UNAUTHENTICATED, 'Your session has ended. Please sign in again.');
    const call = withForcedLogout(failingWith(error), onUnauthenticated);
    await expect(call('getWorkspaceList', { requirePlanDetails: true })).rejects.toBe(error);
    expect(onUnauthenticated).toHaveBeenCalledTimes(1);
  });

  it('leaves other errors and successful replies alone', async () => {
    const onUnauthenticated = vi.fn();
    const forbidden = new CallError(ERROR_CODES.FORBIDDEN, 'Invalid email, user name or password.');
    await expect(withForcedLogout(failingWith(forbidden), onUnauthenticated)('login', { identifier: 'a', password: 'password1', platform: 'web' })).rejects.toBe(forbidden);

    const ok = vi.fn(() => Promise.resolve({ company: 'Acme', companyLogo: null })) as unknown as Call;
    await expect(withForcedLogout(ok, onUnauthenticated)('getCompanyDetails', { orgId: 'acme' })).resolves.toEqual({ company: 'Acme', companyLogo: null });
    expect(onUnauthenticated).not.toHaveBeenCalled();
  });
});
