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
  'app-allowed': 'App allowed',
  'app-disconnected': 'App access revoked',
  'passkey-added': 'Passkey added',
  'passkey-removed': 'Passkey removed',
  'member-invited': 'Invited',
  'invitation-resent': 'Invitation resent',
  'invitation-revoked': 'Invitation revoked',
  'invitation-accepted': 'Invitation accepted',
  'member-role-changed': 'Role changed',
  'member-access-changed': 'Product access changed',
  'member-removed': 'Removed from the organization',
  'verification-resent': 'Verification mail resent',
  'second-factor-policy-changed': 'Second-factor policy changed',
  'ip-ranges-changed': 'IP ranges changed',
  'branding-changed': 'Name or logo changed',
  'app-registered': 'App registered',
  'app-changed': 'App changed',
  'app-secret-rotated': 'App secret rotated',
  'app-deleted': 'App deleted',
  'domain-claimed': 'Domain claimed',
  'domain-verified': 'Domain verified',
  'domain-verification-failed': 'Domain check failed',
  'domain-removed': 'Domain removed',
};
