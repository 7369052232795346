import { CallError, ERROR_CODES } from '../../shared/protocol';
import type { PasskeySummary } from '../../shared/protocol/passkey-schemas';
import { recordAudit } from '../audit/audit-log';
import { listPasskeys, registerPasskey, registrationOptions, relyingParty, removePasskey, renamePasskey, type PasskeyRow } from '../auth/passkeys';
import { NOTICE_LIFETIME_SECONDS } from '../mail/mailer';
import { passkeyNoticeMail } from '../mail/templates';
import type { HandlerMap } from '../pipeline/context';
import type { Services } from '../services';

const GONE = 'This passkey has already been removed.';

const summary = (row: PasskeyRow): PasskeySummary => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
  backedUp: row.backedUp,
});

/** /account/passkeys: register, list, rename and remove one's own passkeys (domain: auth/passkeys.ts). */
export function passkeyHandlers(services: Services): HandlerMap {
  const { db, mailer, log } = services;
  const rp = relyingParty(services.config.publicUrl);
  return {
    async getPasskeyRegistrationOptions(_payload, { user, session }) {
      const { challengeId, options } = await registrationOptions(db, rp, user, { sessionId: session.sessionId });
      return { challengeId, options: { ...options } };
    },

    async registerPasskey(payload, ctx) {
      await ctx.spend('passkeyChange', ctx.user.id);
      const row = await registerPasskey(db, rp, ctx.user, { sessionId: ctx.session.sessionId }, payload);
      await mailer.enqueue(db, passkeyNoticeMail(ctx.user.email, ctx.user.firstName, 'added', row.name), NOTICE_LIFETIME_SECONDS);
      await recordAudit(db, ctx.user.id, { kind: 'passkey-added', detail: row.name, origin: ctx.origin, sessionId: ctx.session.sessionId });
      log.info('passkey.added', { userId: ctx.user.id, passkeyId: row.id, deviceType: row.deviceType });
      return { passkey: summary(row) };
    },

    async getPasskeyList(_payload, { user }) {
      return { list: (await listPasskeys(db, user.id)).map(summary) };
    },

    async renamePasskey(payload, { user }) {
      const row = await renamePasskey(db, user.id, payload.passkeyId, payload.name);
      if (!row) throw new CallError(ERROR_CODES.NOT_FOUND, GONE);
      return { passkey: summary(row) };
    },

    async removePasskey(payload, ctx) {
      await ctx.spend('passkeyChange', ctx.user.id);
      const row = await removePasskey(db, ctx.user.id, payload.passkeyId);
      if (!row) throw new CallError(ERROR_CODES.NOT_FOUND, GONE);
      await mailer.enqueue(db, passkeyNoticeMail(ctx.user.email, ctx.user.firstName, 'removed', row.name), NOTICE_LIFETIME_SECONDS);
      await recordAudit(db, ctx.user.id, { kind: 'passkey-removed', detail: row.name, origin: ctx.origin, sessionId: ctx.session.sessionId });
      log.info('passkey.removed', { userId: ctx.user.id, passkeyId: row.id });
      return { success: true as const };
    },
  };
}
