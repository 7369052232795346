import type { AuditKind } from './protocol/security-schemas';

/**
 * The words a person reads for each kind of audit entry (the security center's tables, the CSV export). Apart from
 * the contract, so the renderer loads them with the security center only.
 */
export const AUDIT_KIND_LABELS: Record<AuditKind, string> = {
  'sign-in': 'Signed in',
  'sign-in-failed': 'Sign-in failed',
  locked: 'Sign-in locked',
  unlocked: 'Sign-in unlocked',
  'signed-out': 'Signed out',
  'session-ended': 'Session ended',
  'password-changed': 'Password changed',
  'password-reset': 'Password reset',
  'second-factor-changed': 'Second factor changed',
  'recovery-code-used': 'Recovery code used',
  'recovery-code-regenerated': 'Recovery code regenerated',
};
