import { lazy, type ComponentType } from 'react';
// The entry screen is part of the entry chunk, not lazy: a lazy screen behind a Suspense fallback is revealed no earlier
// than 300 ms after the fallback shows (React 19's throttling), which held /login's first paint (bench: lcp).
import { SignInScreen } from '../features/sign-in/sign-in-screen';
import type { RouteAccess } from './route-guard';

/** One route of the portal: its path, how it may be reached, its page title and its screen. */
export interface RouteEntry {
  path: string;
  access: RouteAccess;
  /** The page's own title ("{title} · Suite Portal"); absent only where the guard always redirects ('/'). */
  title?: string;
  /** Absent only where the guard always redirects ('/'). */
  screen?: ComponentType;
}

const workspace = () => import('../features/workspace/workspace-screen');
const WorkspaceScreen = lazy(() => workspace().then((module) => ({ default: module.WorkspaceScreen })));
// The security center is entered from the workspace, and its lazy chunk is handed out by the workspace's: a second
// dynamic import here would put its list of files into what /login loads (scripts/login-bundle.mjs).
const SecurityCenter = lazy(() => workspace().then((module) => module.loadSecurityCenter()));
const AdminConsole = lazy(() => workspace().then((module) => module.loadAdminConsole()));
const passwordReset = () => import('../features/password-reset/forgot-password-screen');
const ForgotPasswordScreen = lazy(() => passwordReset().then((module) => ({ default: module.ForgotPasswordScreen })));
const EmailSentScreen = lazy(() => passwordReset().then((module) => ({ default: module.EmailSentScreen })));
const NotMeScreen = lazy(() => import('../features/password-reset/not-me-screen').then((module) => ({ default: module.NotMeScreen })));
const ResetPasswordScreen = lazy(() => import('../features/password-reset/reset-password-screen').then((module) => ({ default: module.ResetPasswordScreen })));
const signUp = () => import('../features/sign-up/register-screen');
const RegisterScreen = lazy(() => signUp().then((module) => ({ default: module.RegisterScreen })));
const StayTunedScreen = lazy(() => signUp().then((module) => ({ default: module.StayTunedScreen })));
const VerifyEmailScreen = lazy(() => import('../features/verify-email/verify-email-screen').then((module) => ({ default: module.VerifyEmailScreen })));
const VerifyOrganizationScreen = lazy(() =>
  import('../features/verify-email/verify-organization-screen').then((module) => ({ default: module.VerifyOrganizationScreen })),
);
const NotFoundScreen = lazy(() => import('./not-found-screen').then((module) => ({ default: module.NotFoundScreen })));
const AuthorizeScreen = lazy(() => import('../features/authorize/authorize-screen').then((module) => ({ default: module.AuthorizeScreen })));
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

// A default export: the shortest lazy import, for /login's budget.
const DesktopPasskeyScreen = lazy(() => import('../features/passkeys/desktop-passkey-screen'));
const CompanySignInScreen = lazy(() => import('../features/sign-in/company-sign-in-screen'));

const DownloadsScreen = lazy(() => import('../features/downloads/downloads-screen').then((module) => ({ default: module.DownloadsScreen })));

/** The five onboarding screens of spec section 2 under one base path; `flow` names them in the titles. */
function organizationRoutes(base: string, flow: 'Onboarding' | 'Preboarding'): RouteEntry[] {
  return [
    { path: `${base}/login`, access: 'onboarding', title: `${flow} Sign In`, screen: SignInScreen },
    { path: `${base}/register`, access: 'onboarding', title: `${flow} Sign Up`, screen: OnboardingSignUpScreen },
    { path: `${base}/forgot-password`, access: 'onboarding', title: `${flow} Forgot Password`, screen: ForgotPasswordScreen },
    { path: `${base}/reset/:code`, access: 'onboarding', title: `${flow} Reset Password`, screen: ResetPasswordScreen },
    { path: `${base}/email-sent`, access: 'onboarding', title: `${flow} Email Sent`, screen: EmailSentScreen },
  ];
}

/**
 * Every route of spec section 2, the security center under /account and the admin console under /admin. Paths without an organization come first: where a path could match both
 * (/invite/login and /{orgId}/login), the earlier entry wins.
 */
export const ROUTES: readonly RouteEntry[] = [
  { path: '/', access: 'root' },

  // Without an organization.
  { path: '/login', access: 'public', title: 'Sign In', screen: SignInScreen },
  { path: '/multi-factor-authenticate', access: 'mfa-login', title: 'Multi-Factor Authentication', screen: MfaLoginScreen },
  { path: '/setup-multi-factor', access: 'mfa-setup', title: 'Multi-Factor Authentication Setup', screen: MfaSetupScreen },
  { path: '/recovery-code', access: 'recovery', title: 'Add Recovery Code', screen: RecoveryCodeScreen },
  { path: '/forgot-password', access: 'public', title: 'Forgot Password', screen: ForgotPasswordScreen },
  { path: '/forget-with-recovery', access: 'recovery', title: 'Forgot Password: Recovery Code', screen: ForgetWithRecoveryScreen },
  { path: '/reset-with-recovery', access: 'recovery', title: 'Reset Password with Recovery Code', screen: ResetWithRecoveryScreen },
  { path: '/email-sent', access: 'public', title: 'Email Sent', screen: EmailSentScreen },
  { path: '/reset/:code', access: 'public', title: 'Reset Password', screen: ResetPasswordScreen },
  { path: '/not-me/:code', access: 'open', title: 'This Was Not Me', screen: NotMeScreen },
  { path: '/register', access: 'public', title: 'Create New Account', screen: RegisterScreen },
  { path: '/stay-tuned', access: 'public', title: 'Stay Tuned!', screen: StayTunedScreen },
  { path: '/verify-email', access: 'public', title: 'Verify Your Email', screen: VerifyEmailScreen },
  { path: '/invite/:inviteCode', access: 'open', title: 'Invitation', screen: InviteScreen },
  { path: '/invite-client/:token', access: 'open', title: 'Client Invitation', screen: ClientInviteScreen },
  { path: '/authorize', access: 'open', title: 'Authorize', screen: AuthorizeScreen },
  { path: '/downloads', access: 'open', title: 'Downloads', screen: DownloadsScreen },
  // Opened by a desktop app in the system browser for its passkey sign-in (src/main/passkey-loopback.ts).
  { path: '/desktop-passkey', access: 'open', title: 'Passkey Sign In', screen: DesktopPasskeyScreen },
  // Where a company's own provider sends the browser back (issue 25): the hand-off in the fragment.
  { path: '/sso/complete', access: 'open', title: 'Company Sign In', screen: CompanySignInScreen },

  // Signed in only.
  { path: '/workspace', access: 'protected', title: 'Select Organization', screen: WorkspaceScreen },
  { path: '/change-password', access: 'protected', title: 'Change Password', screen: ChangePasswordScreen },
  { path: '/verify-organization/:id', access: 'protected', title: 'Verify Your Organization', screen: VerifyOrganizationScreen },
  // ACCOUNT_PATHS (features/account/account-paths.ts) has its sections; a literal here keeps them out of /login.
  { path: '/account/*', access: 'protected', title: 'Security', screen: SecurityCenter },
  // The organization admin console (features/admin/admin-paths.ts); its screens say which organization and section.
  { path: '/admin/*', access: 'protected', title: 'Admin console', screen: AdminConsole },

  // Onboarding under /{orgId}, and the same five screens for preboarding under /{orgId}/preboarding.
  ...organizationRoutes('/:orgId', 'Onboarding'),
  ...organizationRoutes('/:orgId/preboarding', 'Preboarding'),

  { path: '*', access: 'not-found', title: 'Page Not Found', screen: NotFoundScreen },
];
