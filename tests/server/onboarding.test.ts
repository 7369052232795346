import { sql } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { oneTimeCodes } from '../../src/server/db/schema';
import { MESSAGES } from '../../src/shared/validation/messages';
import { linkIn } from '../mail/smtp-receiver';
import { lifecycleSeed, ONBOARDING } from './fixtures/lifecycle-seed';
import { describeEngines, useTestServerWithMail, resetLimits } from './harness';

const withoutRid = ({ event, data, error, code }: { event: string; data: unknown; error: unknown; code: number }) => ({ event, data, error, code });

describeEngines('onboarding and preboarding', (engine) => {
  const { app, mail } = useTestServerWithMail(engine, lifecycleSeed());
  beforeEach(async () => {
    await resetLimits(app());
  });

  it('signs in a preboarding employee by email or employee code, with an onboarding session', async () => {
    const client = await app().connect();
    const byEmail = await client.call('onboardingLogin', { email: ONBOARDING.preboarded.email.toUpperCase(), password: ONBOARDING.preboarded.password, orgId: 'alpha' });
    expect(byEmail).toEqual({ token: expect.any(String), isPreBoarding: true, _id: expect.any(String) });
    const byCode = await client.call('onboardingLogin', { email: 'pre-001', password: ONBOARDING.preboarded.password, orgId: 'alpha' });
    expect(byCode._id).toBe(byEmail._id);
    // An onboarding token is not a portal session.
    const other = await app().connect({ token: byEmail.token });
    expect((await other.emit('getWorkspaceList', {})).code).toBe(401);
    // Flagged as what it is, it is still no portal session; flagged as a regular account's, the flag refuses it too.
    for (const accountType of ['onboarding', 'user'] as const) {
      const flagged = await app().connect({ token: byEmail.token, accountType });
      expect(await flagged.emit('authenticate', { token: byEmail.token })).toMatchObject({ code: 401, error: 'Your session has ended. Please sign in again.' });
    }
  });

  it('answers a wrong password, an unknown employee, one without a password and another organization alike', async () => {
    const client = await app().connect();
    const wrong = await client.emit('onboardingLogin', { email: ONBOARDING.preboarded.email, password: 'Wrong#Pass999', orgId: 'alpha' });
    expect(wrong).toMatchObject({ code: 403, error: MESSAGES.invalidOnboardingCredentials });
    for (const attempt of [
      { email: 'ghost@alpha.test', password: 'Wrong#Pass999', orgId: 'alpha' },
      { email: ONBOARDING.onboarding.email, password: 'Wrong#Pass999', orgId: 'alpha' },
      { email: ONBOARDING.preboarded.email, password: 'Wrong#Pass999', orgId: 'beta' },
      { email: ONBOARDING.preboarded.email, password: 'Wrong#Pass999', orgId: 'no-such-org' },
    ]) {
      expect(withoutRid(await client.emit('onboardingLogin', attempt))).toEqual(withoutRid(wrong));
    }
    expect((await client.emit('onboardingLogin', { email: '', password: 'Wrong#Pass999', orgId: 'alpha' })).code).toBe(400);
  });

  it('signs up a listed employee once, and signs them in', async () => {
    const client = await app().connect();
    const reply = await client.call('onboardingSignUp', { email: ONBOARDING.onboarding.email, password: 'Onboard#Pass1', orgId: 'alpha' });
    expect(reply).toEqual({ success: true, token: expect.any(String), isPreBoarding: false, _id: expect.any(String) });
    const login = await client.call('onboardingLogin', { email: 'ONB-001', password: 'Onboard#Pass1', orgId: 'alpha' });
    expect(login).toMatchObject({ isPreBoarding: false, _id: reply._id });
    expect(await client.emit('onboardingSignUp', { email: ONBOARDING.onboarding.email, password: 'Other#Pass123', orgId: 'alpha' })).toMatchObject({
      code: 409,
      error: MESSAGES.onboardingAlreadySignedUp,
    });
    expect(await client.emit('onboardingSignUp', { email: 'stranger@alpha.test', password: 'Other#Pass123', orgId: 'alpha' })).toMatchObject({
      code: 404,
      error: MESSAGES.onboardingNotInvited,
    });
    expect((await client.emit('onboardingSignUp', { email: ONBOARDING.fresh.email, password: 'weakpass', orgId: 'alpha' })).code).toBe(400);
  });

  it('resets by mailed link under the preboarding path; sessions end; the link works once and only for its organization', async () => {
    const client = await app().connect();
    const { token } = await client.call('onboardingLogin', { email: ONBOARDING.preboarded.email, password: ONBOARDING.preboarded.password, orgId: 'alpha' });
    const since = mail().messages.length;
    const known = await client.emit('onboardingForgotPassword', { email: ONBOARDING.preboarded.email, orgId: 'alpha' });
    const unknown = await client.emit('onboardingForgotPassword', { email: 'ghost@alpha.test', orgId: 'alpha' });
    expect(withoutRid(known)).toEqual(withoutRid(unknown));
    const link = linkIn(await mail().waitFor(ONBOARDING.preboarded.email, { since }), '/reset/');
    expect(link).toMatch(new RegExp(`^${app().server.services.config.publicUrl}/alpha/preboarding/reset/`));
    const code = link.split('/reset/')[1]!;

    expect(await client.call('getResetCodeInfo', { code, orgId: 'alpha' })).toEqual({ valid: true, email: ONBOARDING.preboarded.email });
    expect((await client.emit('getResetCodeInfo', { code })).code).toBe(404);
    expect((await client.emit('getResetCodeInfo', { code, orgId: 'beta' })).code).toBe(404);
    expect((await client.emit('onboardingResetPassword', { orgId: 'beta', password: 'Reset#Pass123', code })).code).toBe(404);

    expect(await client.call('onboardingResetPassword', { orgId: 'alpha', password: 'Reset#Pass123', code })).toEqual({ success: true });
    expect((await client.emit('onboardingResetPassword', { orgId: 'alpha', password: 'Again#Pass123', code })).code).toBe(404);
    const relogin = await client.call('onboardingLogin', { email: ONBOARDING.preboarded.email, password: 'Reset#Pass123', orgId: 'alpha' });
    expect(relogin.isPreBoarding).toBe(true);
    expect((await client.emit('onboardingLogin', { email: ONBOARDING.preboarded.email, password: ONBOARDING.preboarded.password, orgId: 'alpha' })).code).toBe(403);
    // The old onboarding session ended.
    const revoked = await app().server.services.sessions.resolve(token).catch((error: Error) => error.message);
    expect(revoked).toBe('token revoked');
  });

  it('refuses an expired onboarding reset link', async () => {
    const client = await app().connect();
    const since = mail().messages.length;
    await client.call('onboardingForgotPassword', { email: ONBOARDING.fresh.email, orgId: 'alpha' });
    const code = linkIn(await mail().waitFor(ONBOARDING.fresh.email, { since }), '/reset/').split('/reset/')[1]!;
    await app().server.database.db.update(oneTimeCodes).set({ expiresAt: sql`now() - interval '1 second'` });
    expect(await client.emit('onboardingResetPassword', { orgId: 'alpha', password: 'Reset#Pass123', code })).toMatchObject({ code: 404, error: MESSAGES.resetLinkInvalid });
  });
});
