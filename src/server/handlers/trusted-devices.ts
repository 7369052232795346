import { CallError, ERROR_CODES } from '../../shared/protocol';
import type { HandlerMap, HttpHandlerMap } from '../pipeline/context';
import type { Services } from '../services';
import { reportNotMe } from '../sign-in/new-device-alerts';
import { listTrustedDevices, redeemDeviceGrant, revokeTrustedDevices } from '../sign-in/trusted-devices';

const GRANT_GONE = 'This sign-in can no longer trust the device. Sign in again and tick the box.';
const DEVICE_GONE = 'This device is no longer trusted.';

/**
 * Trusted devices (issue 23 §3) in the security center: the list, stop trusting one or all. Another user's device id
 * answers like one already revoked.
 */
export function trustedDeviceHandlers(services: Services): HandlerMap {
  const { db, log } = services;
  return {
    async getTrustedDevices(_payload, { user }) {
      const rows = await listTrustedDevices(db, user.id);
      return {
        list: rows.map((row) => ({
          id: row.id,
          device: row.device,
          ip: row.ip,
          createdAt: row.createdAt.toISOString(),
          lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
          expiresAt: row.expiresAt!.toISOString(),
        })),
      };
    },
    async revokeTrustedDevice({ id }, { user }) {
      if ((await revokeTrustedDevices(db, user.id, id)) === 0) throw new CallError(ERROR_CODES.NOT_FOUND, DEVICE_GONE);
      log.info('trusted-device.revoked', { userId: user.id });
      return { success: true as const };
    },
    async reportNotMe({ code }, ctx) {
      await reportNotMe(services, code, ctx.origin);
      return { success: true as const };
    },
    async revokeAllTrustedDevices(_payload, { user }) {
      const revoked = await revokeTrustedDevices(db, user.id);
      log.info('trusted-device.revoked-all', { userId: user.id, revoked });
      return { success: true as const, revoked };
    },
  };
}

/**
 * POST /device-trust: redeems a sign-in's device grant once. The route (http/device-trust-routes.ts) moves the token
 * into the `portal_device` cookie; only a desktop app (its user agent) keeps it in the body, for its keychain.
 */
export function deviceTrustHandlers(services: Services): HttpHandlerMap {
  const { db, log } = services;
  return {
    async deviceTrust({ body }) {
      const redeemed = await redeemDeviceGrant(db, body.grant);
      if (!redeemed) throw new CallError(ERROR_CODES.FORBIDDEN, GRANT_GONE);
      log.info('trusted-device.added', { userId: redeemed.userId });
      return { expiresAt: redeemed.expiresAt.toISOString(), token: redeemed.token };
    },
  };
}
