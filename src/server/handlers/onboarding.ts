import { checkEmployeeCredentials, requestEmployeeReset, resetEmployeePassword, setFirstPassword, type Employee } from '../accounts/onboarding-employees';
import type { BaseContext, HandlerMap } from '../pipeline/context';
import type { Services } from '../services';

/** Onboarding and preboarding employees: sign up (set a password), sign in by email or employee code, reset. */
export function onboardingHandlers(services: Services): HandlerMap {
  const { db, sessions, log } = services;

  const signedIn = async (employee: Employee, ctx: BaseContext) => {
    const { token } = await sessions.open(employee.id, { kind: 'onboarding', ...ctx.origin });
    return { token, isPreBoarding: employee.preboarding, _id: employee.id };
  };

  return {
    async onboardingLogin(payload, ctx) {
      const employee = await checkEmployeeCredentials(db, payload.orgId, payload.email, payload.password);
      log.info('onboarding.signed-in', { employeeId: employee.id, preboarding: employee.preboarding });
      return signedIn(employee, ctx);
    },

    // Sign-up is for employees the organization has listed; saying "not listed" is what the form is for, so its
    // budget is per client address like checkEmailExistense.
    async onboardingSignUp(payload, ctx) {
      const employee = await setFirstPassword(db, payload.orgId, payload.email, payload.password);
      log.info('onboarding.signed-up', { employeeId: employee.id });
      return { success: true as const, ...(await signedIn(employee, ctx)) };
    },

    async onboardingForgotPassword(payload, ctx) {
      await requestEmployeeReset(services, payload.orgId, payload.email, ctx.language);
      return { success: true as const };
    },

    async onboardingResetPassword(payload) {
      const employee = await resetEmployeePassword(services, payload.orgId, payload.code, payload.password);
      log.info('onboarding.password-reset', { employeeId: employee.id });
      return { success: true as const };
    },
  };
}
