import { CallError, ERROR_CODES } from '../../shared/protocol';
import { type SessionSummary } from '../../shared/protocol/security-schemas';
import { auditCsv, auditFileName } from '../audit/audit-csv';
import { recordAudit } from '../audit/audit-log';
import { administeredOrganization, historyPage, organizationAuditPage, organizationAuditRows } from '../audit/audit-queries';
import { regenerateRecoveryCode } from '../auth/recovery-codes';
import type { SessionRow } from '../auth/sessions';
import { secondFactorNoticeMail } from '../mail/templates';
import type { HandlerMap } from '../pipeline/context';
import { NOTICE_LIFETIME_SECONDS } from '../mail/mailer';
import type { Services } from '../services';
import { mailLanguage } from '../mail/templates';

const SESSION_GONE = 'This session has already ended.';
const THIS_SESSION = 'This is the session you are using: sign out with Logout instead.';
const NO_AUTHENTICATOR = 'A recovery code comes with the authenticator app. Set up the authenticator app first.';

const summary = (row: SessionRow, currentId: string): SessionSummary => ({
  id: row.id,
  current: row.id === currentId,
  platform: row.platform ?? 'web',
  appFlavor: row.appFlavor ?? null,
  appVersion: row.appVersion ?? null,
  device: row.device ?? 'Unknown device',
  ip: row.lastIp ?? row.ip,
  firstIp: row.ip,
  signedInAt: row.createdAt.toISOString(),
  lastSeenAt: row.lastSeenAt.toISOString(),
});

/**
 * The account security center (/account): one's own sessions and sign-in history, an organization's audit for its
 * admins, and a fresh recovery code. Every event acts on the caller's own account, or on an organization the caller
 * administers: another user's session id answers like one that has ended.
 */
export function securityCenterHandlers(services: Services): HandlerMap {
  const { db, sessions, mailer, log } = services;
  return {
    async getSessionList(_payload, { user, session }) {
      return { list: (await sessions.listLive(user.id)).map((row) => summary(row, session.sessionId)) };
    },

    async endSession(payload, ctx) {
      if (payload.sessionId === ctx.session.sessionId) throw new CallError(ERROR_CODES.BAD_REQUEST, THIS_SESSION, { fields: ['sessionId'] });
      if (!(await sessions.revokeOwn(ctx.user.id, payload.sessionId))) throw new CallError(ERROR_CODES.NOT_FOUND, SESSION_GONE);
      await recordAudit(db, ctx.user.id, { kind: 'session-ended', detail: 'from the security center of another session', origin: ctx.origin, sessionId: payload.sessionId });
      log.info('session.ended', { userId: ctx.user.id, by: ctx.session.sessionId });
      return { success: true as const };
    },

    async endOtherSessions(_payload, ctx) {
      const ended = await sessions.revokeAllForUser(ctx.user.id, ctx.session.sessionId);
      if (ended > 0) {
        await recordAudit(db, ctx.user.id, { kind: 'session-ended', detail: `every other session (${ended}) from the security center`, origin: ctx.origin, sessionId: ctx.session.sessionId });
      }
      log.info('session.ended-others', { userId: ctx.user.id, ended });
      return { success: true as const, ended };
    },

    async getSignInHistory(payload, { user }) {
      return historyPage(db, user.id, payload);
    },

    async getOrganizationAudit(payload, { user, ip }) {
      const organization = await administeredOrganization(db, user.id, payload.orgId, ip);
      return organizationAuditPage(db, organization.id, payload);
    },

    async exportOrganizationAudit(payload, ctx) {
      const organization = await administeredOrganization(db, ctx.user.id, payload.orgId, ctx.ip);
      const { rows, truncated } = await organizationAuditRows(db, organization.id, payload.filter);
      log.info('audit.exported', { userId: ctx.user.id, orgId: organization.orgId, rows: rows.length });
      return { fileName: auditFileName(organization.orgId, new Date()), csv: auditCsv(rows), rows: rows.length, truncated };
    },

    async regenerateRecoveryCode(_payload, ctx) {
      const recoveryCode = await regenerateRecoveryCode(db, ctx.user.id);
      if (!recoveryCode) throw new CallError(ERROR_CODES.CONFLICT, NO_AUTHENTICATOR);
      await mailer.enqueue(db, secondFactorNoticeMail(mailLanguage(ctx.user.language, ctx.language), ctx.user.email, ctx.user.firstName, { kind: 'recoveryCodeMade' }), NOTICE_LIFETIME_SECONDS);
      await recordAudit(db, ctx.user.id, { kind: 'recovery-code-regenerated', detail: 'the previous code stopped working', origin: ctx.origin, sessionId: ctx.session.sessionId });
      log.info('mfa.recovery-code-regenerated', { userId: ctx.user.id });
      return { recoveryCode };
    },
  };
}
