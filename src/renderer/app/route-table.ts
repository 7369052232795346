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

/** The five onboarding screens of spec section 2 under one base path. */
function organizationRoutes(base: string): RouteEntry[] {
  return [
    { path: `${base}/login`, access: 'onboarding', screen: SignInScreen },
    { path: `${base}/register`, access: 'onboarding', screen: soon('Sign Up Your Account') },
    { path: `${base}/forgot-password`, access: 'onboarding', screen: soon('Forgot Password?') },
    { path: `${base}/reset/:code`, access: 'onboarding', screen: soon('Reset Password') },
    { path: `${base}/email-sent`, access: 'onboarding', screen: soon('Email Sent') },
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
  { path: '/multi-factor-authenticate', access: 'mfa-login', screen: soon('Multi-Factor Authentication') },
  { path: '/setup-multi-factor', access: 'mfa-setup', screen: soon('Multi-Factor Authentication Setup') },
  { path: '/recovery-code', access: 'recovery', screen: soon('Add Recovery Code') },
  { path: '/forgot-password', access: 'public', screen: soon('Forgot Password?') },
  { path: '/forget-with-recovery', access: 'recovery', screen: soon('Forgot Password with Recovery Code') },
  { path: '/reset-with-recovery', access: 'recovery', screen: soon('Reset Password') },
  { path: '/email-sent', access: 'public', screen: soon('Email Sent') },
  { path: '/reset/:code', access: 'public', screen: soon('Reset Password') },
  { path: '/register', access: 'public', screen: soon('Create New Account') },
  { path: '/stay-tuned', access: 'public', screen: soon('Stay Tuned!') },
  { path: '/verify-email', access: 'public', screen: soon('Verify Your Email') },
  { path: '/invite/:inviteCode', access: 'open', screen: soon('Invitation') },
  { path: '/invite-client/:token', access: 'open', screen: soon('Client Invitation') },
  { path: '/authorize', access: 'open', screen: soon('Authorize') },
  { path: '/downloads', access: 'open', screen: soon('Downloads') },

  // Signed in only.
  { path: '/workspace', access: 'protected', screen: WorkspaceScreen },
  { path: '/change-password', access: 'protected', screen: soon('Change Password') },
  { path: '/verify-organization/:id', access: 'protected', screen: soon('Verify Your Organization') },

  // Onboarding under /{orgId}, and the same five screens for preboarding under /{orgId}/preboarding.
  ...organizationRoutes('/:orgId'),
  ...organizationRoutes('/:orgId/preboarding'),

  { path: '*', access: 'not-found', screen: NotFoundScreen },
];
