import { CallError, ERROR_CODES } from '../../shared/protocol';
import { recordAudit } from '../audit/audit-log';
import type { HandlerMap } from '../pipeline/context';
import { connectedApps, revokeConsent } from '../oidc/consents';
import type { Services } from '../services';

const NOT_CONNECTED = 'This app has no access to your account.';

/** The security center's Connected apps: the third-party apps a user allowed, and taking that back. */
export function connectedAppHandlers(services: Services): HandlerMap {
  const { db, log } = services;
  return {
    async getConnectedApps(_payload, { user }) {
      const rows = await connectedApps(db, user.id);
      return { list: rows.map((row) => ({ ...row, allowedAt: row.allowedAt.toISOString() })) };
    },

    async revokeConnectedApp(payload, ctx) {
      if (!(await revokeConsent(db, ctx.user.id, payload.clientId))) throw new CallError(ERROR_CODES.NOT_FOUND, NOT_CONNECTED);
      await recordAudit(db, ctx.user.id, { kind: 'app-disconnected', detail: payload.clientId, origin: ctx.origin, sessionId: ctx.session.sessionId });
      log.info('oidc.consent-revoked', { userId: ctx.user.id, clientId: payload.clientId });
      return { success: true as const };
    },
  };
}
