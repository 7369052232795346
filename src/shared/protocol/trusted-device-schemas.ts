import * as z from 'zod';
import { HTTP_ROUTES } from './http';
import { IdSchema, instant } from './security-schemas';

/**
 * Trusted devices (issue 23 §3): "Don't ask again on this device for 30 days" after a second factor. The login reply
 * carries a one-time `deviceGrant`; the renderer redeems it at DEVICE_TRUST_PATH, which sets the HttpOnly
 * `portal_device` cookie (and, for a desktop app, returns the token for its keychain).
 */

/** POST: redeem a device grant (same origin, JSON); the renderer takes it from HTTP_ROUTES (this file stays out of /login). */
export const DEVICE_TRUST_PATH = HTTP_ROUTES.deviceTrust;

/** A device grant or token: 32 random bytes, base64url. */
export const DeviceSecretSchema = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Expected the grant the sign-in returned.');

export const DeviceTrustBodySchema = z.strictObject({ grant: DeviceSecretSchema });

/** Until when the device is trusted; `token` only for a desktop app (its keychain keeps it, browsers get the cookie). */
export const DeviceTrustReplySchema = z.object({ expiresAt: instant, token: DeviceSecretSchema.optional() });
export type DeviceTrustReply = z.infer<typeof DeviceTrustReplySchema>;

/** One trusted device of the security center's list. */
export const TrustedDeviceSchema = z.object({
  id: IdSchema,
  /** Browser and operating system of the sign-in that trusted it ("Chrome 126 on Windows 10"). */
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: instant,
  lastUsedAt: instant.nullable(),
  expiresAt: instant,
});
export type TrustedDevice = z.infer<typeof TrustedDeviceSchema>;
