import { describe, expect, expectTypeOf, it } from 'vitest';
import type { EventAuth, LimitName } from '../../shared/protocol';
import { ADMIN_API_CALLS } from '../../shared/protocol/admin-api';
import { EVENTS } from '../../shared/protocol/contract';
import { HTTP_CALLS } from '../../shared/protocol/http-calls';
import type { Attempt, AttemptLimiter } from '../limits/limiter';
import { LIMIT_POLICIES } from '../limits/policies';
import { STAGE_ORDER, stagesOf, type StageName } from './compose';
import type { Caller, ContextFor, HttpHandler } from './context';
import type { AnyEntry, Call } from './stage';
import { budgetsOf, limitsStage } from './stages/limits';

/** Every entry of every contract the server serves: the socket events, the HTTP calls, the admin API. */
const CONTRACTS: Record<string, Readonly<Record<string, AnyEntry>>> = { socket: EVENTS, http: HTTP_CALLS, 'admin API': ADMIN_API_CALLS };
const everyEntry = Object.entries(CONTRACTS).flatMap(([contract, entries]) => Object.entries(entries).map(([event, entry]) => ({ contract, event, entry })));

const SESSION_AUTHS: EventAuth[] = ['user', 'maybeUser', 'userOrLogin'];
const budgets = (entry: AnyEntry) => Object.entries(entry.limits ?? {}) as [LimitName, unknown][];

describe('an event\'s whole policy is its contract entry', () => {
  it.each(everyEntry)('$contract $event: its stages follow from its entry', ({ event, entry }) => {
    const stages = stagesOf(event, entry);
    const has = (stage: StageName) => stages.includes(stage);
    expect(stages.slice(0, 3)).toEqual(['connection rate', 'decode', 'parse']);
    expect(stages.at(-1)).toBe('reply check');
    expect(has('session'), 'session stage iff the auth needs a session').toBe(SESSION_AUTHS.includes(entry.auth));
    expect(has('app'), 'app stage iff auth app').toBe(entry.auth === 'app');
    expect(has('admission'), 'admission iff hashes').toBe(entry.hashes === true);
    expect(has('limits'), 'limits iff budgets').toBe(budgets(entry).length > 0);
    expect(has('held login'), 'held login iff userOrLogin').toBe(entry.auth === 'userOrLogin');
    // In the pipeline's order, each once: admission before any budget is spent, the password budget before held login.
    const order = stages.map((stage) => STAGE_ORDER.indexOf(stage));
    expect(order).toEqual([...new Set(order)].sort((a, b) => a - b));
  });

  it.each(everyEntry)('$contract $event: declares budgets the stages can spend', ({ entry }) => {
    for (const [name, subject] of budgets(entry)) {
      if (subject === 'caller') expect(['user', 'app'], `${name}: a caller before the limits stage`).toContain(entry.auth);
      if (subject === 'caller' || subject === 'account') expect(LIMIT_POLICIES[name].subject, name).toBe('account');
      if (subject === 'address') expect(LIMIT_POLICIES[name].subject, name).toBe('address');
      if (typeof subject === 'function') expect(LIMIT_POLICIES[name].subject, name).toBe('payload');
    }
    // A password is checked with argon2: whatever spends the password budget hashes, and passes the admission first.
    if (entry.limits?.password) expect(entry.hashes).toBe(true);
    // Held login details are a password: checked under its budget.
    if (entry.auth === 'userOrLogin') expect(entry.limits?.password).toBeTypeOf('function');
  });

  it('refuses a caller budget on an event whose caller is known only after the limits stage', () => {
    expect(() => stagesOf('odd', { auth: 'none', limits: { adminChange: 'caller' } })).toThrow(/only 'user' and 'app' calls/);
    expect(() => stagesOf('odd', { auth: 'userOrLogin', limits: { secondFactor: 'caller' } })).toThrow(/only 'user' and 'app' calls/);
  });

  it('hashes on exactly the events that check or set a password', () => {
    const hashing = everyEntry.filter(({ entry }) => entry.hashes).map(({ event }) => event).sort();
    expect(hashing).toEqual(
      [
        'acceptClientInvitation',
        'activateAccount',
        'getPasskeySecondFactorOptions',
        'hrms|master|MFA|generateQRCode',
        'hrms|master|MFA|read',
        'hrms|master|MFA|setup',
        'hrms|master|MFA|verify',
        'hrms|myPassword|update',
        'login',
        'oauth2Login',
        'onboardingLogin',
        'onboardingResetPassword',
        'onboardingSignUp',
        'passkeySecondFactor',
        'registerAsMember',
        'resetPassword',
        'signUp',
      ].sort(),
    );
  });
});

describe('budgets whose subject is the caller are declared, not spent by handlers', () => {
  /** A limiter that records what it is asked to spend. */
  const recording = () => {
    const spent: [LimitName, string][] = [];
    const attempt = (policy: LimitName): Attempt => ({ policy, settle: async () => undefined });
    const limiter = { spend: async (name: LimitName, subject: string) => (spent.push([name, subject]), attempt(name)) } as unknown as AttemptLimiter;
    return { spent, limiter };
  };
  const caller = { connectionId: 'c', ip: '203.0.113.7', userAgent: null, deviceToken: null, token: () => null } satisfies Caller;
  const callOf = (event: string, entry: AnyEntry, payload: unknown = {}): Call => ({ event, entry, caller, raw: payload, payload, attempts: new Map() });
  const base = { ip: caller.ip, userAgent: null, origin: { ip: caller.ip, userAgent: null, reported: null }, deviceToken: null, ssoBinding: null };

  it('the limits stage spends a caller budget for the signed-in user, or the app, before the handler', async () => {
    const { spent, limiter } = recording();
    const stage = limitsStage(limiter, async () => null);
    await stage(callOf('updateBranding', EVENTS.updateBranding), { ...base, user: { id: 'u-1' } as never, session: {} as never }, async () => {
      expect(spent).toEqual([['adminChange', 'u-1']]);
      return null;
    });
    await stage(callOf('apiInvite', ADMIN_API_CALLS.apiInvite), { ...base, app: { clientId: 'acme-app' } as never }, async () => null);
    expect(spent).toEqual([['adminChange', 'u-1'], ['adminChange', 'acme-app']]);
  });

  it('refuses a handler spending a budget the entry does not declare as an account budget, or its own caller\'s', async () => {
    const { limiter } = recording();
    const adminChange = budgetsOf(callOf('updateBranding', EVENTS.updateBranding), limiter, 'u-1');
    await expect(adminChange.spend('adminChange' as never, 'u-1')).rejects.toThrow(/without declaring it as an account budget/);
    // An event that declared its caller's budget as `account` and spent it in the handler is told to declare `caller`.
    const misdeclared = { ...EVENTS.updateBranding, limits: { adminChange: 'account' } } as AnyEntry;
    await expect(budgetsOf(callOf('updateBranding', misdeclared), limiter, 'u-1').spend('adminChange', 'u-1')).rejects.toThrow(/declare it as `adminChange: 'caller'`/);
    // A budget of an account found in the domain is the handler's to spend (login's second factor).
    await expect(budgetsOf(callOf('login', EVENTS.login), limiter, undefined).spend('secondFactor', 'u-2')).resolves.toMatchObject({ policy: 'secondFactor' });
  });

  it('types the context from the entry: spend only for its account budgets, the session only where auth gives one', () => {
    // The admin console's and the image upload's budgets are their caller's: their handlers cannot spend them.
    expectTypeOf<Parameters<ContextFor<'updateBranding'>['spend']>[0]>().toEqualTypeOf<never>();
    expectTypeOf<Parameters<Parameters<HttpHandler<'uploadImage'>>[1]['spend']>[0]>().toEqualTypeOf<never>();
    expectTypeOf<Parameters<ContextFor<'login'>['spend']>[0]>().toEqualTypeOf<'secondFactor' | 'codeMail'>();
    expectTypeOf<ContextFor<'getWorkspaceList'>['user']['id']>().toBeString();
    expectTypeOf<ContextFor<'verifyInvitationCode'>['user']>().toEqualTypeOf<ContextFor<'getWorkspaceList'>['user'] | null>();
    // @ts-expect-error -- `auth: 'none'`: no session, no user
    expectTypeOf<ContextFor<'forgotPassword'>['user']>();
    // @ts-expect-error -- no budgets declared: nothing to spend
    expectTypeOf<ContextFor<'getWorkspaceList'>['spend']>();
  });
});

describe('a known device is looked up only for a budget that counts it apart, and only with a device token', () => {
  it('login asks once its caller carries a token, and spends on the device it names; other budgets never ask', async () => {
    const spent: [LimitName, string, string | null][] = [];
    const limiter = {
      spend: async (name: LimitName, subject: string, _address: string | null, knownDevice: string | null = null) => (spent.push([name, subject, knownDevice]), { policy: name, settle: async () => undefined }),
    } as unknown as AttemptLimiter;
    const asked: [string, string][] = [];
    const stage = limitsStage(limiter, async (identifier, token) => (asked.push([identifier, token]), 'device-1'));
    const token = 'T'.repeat(43);
    const run = (event: string, entry: AnyEntry, payload: unknown, deviceToken: string | null) => {
      const caller = { connectionId: 'c', ip: '203.0.113.7', userAgent: null, deviceToken, token: () => null } satisfies Caller;
      const base = { ip: caller.ip, userAgent: null, origin: { ip: caller.ip, userAgent: null, reported: null }, deviceToken, ssoBinding: null };
      return stage({ event, entry, caller, raw: payload, payload, attempts: new Map() }, base, async () => null);
    };
    await run('login', EVENTS.login, { identifier: 'ada@alpha.test', password: 'x', platform: 'web' }, null);
    await run('login', EVENTS.login, { identifier: 'ada@alpha.test', password: 'x', platform: 'web' }, token);
    await run('forgotPasswordWithRecoveryCode', EVENTS.forgotPasswordWithRecoveryCode, { identifier: 'ada@alpha.test', recoveryCode: 'abcd-efghj' }, token);
    expect(asked).toEqual([['ada@alpha.test', token]]);
    expect(spent).toEqual([
      ['password', 'ada@alpha.test', null],
      ['password', 'ada@alpha.test', 'device-1'],
      ['recoveryReset', 'ada@alpha.test', null],
    ]);
  });
});
