import { lazy, type ComponentType } from 'react';
import { NotFoundScreen } from './not-found-screen';
import { placeholderScreen as soon } from './placeholder-screen';
import type { RouteAccess } from './route-guard';

/** One route of the portal: its path, how it may be reached, and its screen. */
export interface RouteEntry {
  path: string;
  access: RouteAccess;
  /** Absent only where the guard always redirects ('/'). */
  screen?: ComponentType;
}

const SignInScreen = lazy(() => import('../features/sign-in/sign-in-screen').then((module) => ({ default: module.SignInScreen })));
const WorkspaceScreen = lazy(() => import('../features/workspace/workspace-screen').then((module) => ({ default: module.WorkspaceScreen })));
const passwordReset = () => import('../features/password-reset/forgot-password-screen');
const ForgotPasswordScreen = lazy(() => passwordReset().then((module) => ({ default: module.ForgotPasswordScreen })));
const EmailSentScreen = lazy(() => passwordReset().then((module) => ({ default: module.EmailSentScreen })));
const ResetPasswordScreen = lazy(() => import('../features/password-reset/reset-password-screen').then((module) => ({ default: module.ResetPasswordScreen })));
const signUp = () => import('../features/sign-up/register-screen');
const RegisterScreen = lazy(() => signUp().then((module) => ({ default: module.RegisterScreen })));
const StayTunedScreen = lazy(() => signUp().then((module) => ({ default: module.StayTunedScreen })));
const VerifyEmailScreen = lazy(() => import('../features/verify-email/verify-email-screen').then((module) => ({ default: module.VerifyEmailScreen })));
const VerifyOrganizationScreen = lazy(() =>
  import('../features/verify-email/verify-organization-screen').then((module) => ({ default: module.VerifyOrganizationScreen })),
);
const ChangePasswordScreen = lazy(() => import('../features/change-password/change-password-screen').then((module) => ({ default: module.ChangePasswordScreen })));
const InviteScreen = lazy(() => import('../features/invite/invite-screen').then((module) => ({ default: module.InviteScreen })));
const ClientInviteScreen = lazy(() => import('../features/invite/client-invite-screen').then((module) => ({ default: module.ClientInviteScreen })));
const OnboardingSignUpScreen = lazy(() =>
  import('../features/onboarding/onboarding-sign-up-screen').then((module) => ({ default: module.OnboardingSignUpScreen })),
);
const MfaLoginScreen = lazy(() => import('../features/multi-factor/mfa-login-screen').then((module) => ({ default: module.MfaLoginScreen })));
const MfaSetupScreen = lazy(() => import('../features/multi-factor/mfa-setup-screen').then((module) => ({ default: module.MfaSetupScreen })));
const RecoveryCodeScreen = lazy(() => import('../features/recovery/recovery-code-screen').then((module) => ({ default: module.RecoveryCodeScreen })));
const ForgetWithRecoveryScreen = lazy(() =>
  import('../features/recovery/forget-with-recovery-screen').then((module) => ({ default: module.ForgetWithRecoveryScreen })),
);
const ResetWithRecoveryScreen = lazy(() =>
  import('../features/recovery/reset-with-recovery-screen').then((module) => ({ default: module.ResetWithRecoveryScreen })),
);

/** The five onboarding screens of spec section 2 under one base path. */
function organizationRoutes(base: string): RouteEntry[] {
  return [
    { path: `${base}/login`, access: 'onboarding', screen: SignInScreen },
    { path: `${base}/register`, access: 'onboarding', screen: OnboardingSignUpScreen },
    { path: `${base}/forgot-password`, access: 'onboarding', screen: ForgotPasswordScreen },
    { path: `${base}/reset/:code`, access: 'onboarding', screen: ResetPasswordScreen },
    { path: `${base}/email-sent`, access: 'onboarding', screen: EmailSentScreen },
  ];
}

/**
 * Every route of spec section 2. Paths without an organization come first: where a path could match both
 * (/invite/login and /{orgId}/login), the earlier entry wins.
 */
export const ROUTES: readonly RouteEntry[] = [
  { path: '/', access: 'root' },

  // Without an organization.
  { path: '/login', access: 'public', screen: SignInScreen },
  { path: '/multi-factor-authenticate', access: 'mfa-login', screen: MfaLoginScreen },
  { path: '/setup-multi-factor', access: 'mfa-setup', screen: MfaSetupScreen },
  { path: '/recovery-code', access: 'recovery', screen: RecoveryCodeScreen },
  { path: '/forgot-password', access: 'public', screen: ForgotPasswordScreen },
  { path: '/forget-with-recovery', access: 'recovery', screen: ForgetWithRecoveryScreen },
  { path: '/reset-with-recovery', access: 'recovery', screen: ResetWithRecoveryScreen },
  { path: '/email-sent', access: 'public', screen: EmailSentScreen },
  { path: '/reset/:code', access: 'public', screen: ResetPasswordScreen },
  { path: '/register', access: 'public', screen: RegisterScreen },
  { path: '/stay-tuned', access: 'public', screen: StayTunedScreen },
  { path: '/verify-email', access: 'public', screen: VerifyEmailScreen },
  { path: '/invite/:inviteCode', access: 'open', screen: InviteScreen },
  { path: '/invite-client/:token', access: 'open', screen: ClientInviteScreen },
  { path: '/authorize', access: 'open', screen: soon('Authorize') },
  { path: '/downloads', access: 'open', screen: soon('Downloads') },

  // Signed in only.
  { path: '/workspace', access: 'protected', screen: WorkspaceScreen },
  { path: '/change-password', access: 'protected', screen: ChangePasswordScreen },
  { path: '/verify-organization/:id', access: 'protected', screen: VerifyOrganizationScreen },

  // Onboarding under /{orgId}, and the same five screens for preboarding under /{orgId}/preboarding.
  ...organizationRoutes('/:orgId'),
  ...organizationRoutes('/:orgId/preboarding'),

  { path: '*', access: 'not-found', screen: NotFoundScreen },
];
