import { HTTP_ROUTES } from '../../shared/protocol/http';
import { platform } from '../platform';

/** The part of `/device-trust`'s reply read here: a desktop app (its user agent) also gets the token itself. */
interface DeviceTrustAnswer {
  data?: { token?: unknown } | null;
}

/**
 * Redeems the one-time `deviceGrant` of a sign-in whose second factor was passed with "Don't ask again on this device
 * for 30 days". A browser gets the HttpOnly `portal_device` cookie, which the next socket handshake carries (no script
 * here ever sees the token); a desktop app gets the token in the reply and keeps it in its keychain
 * (`platform.saveDeviceToken`), for the handshake of its next sign-in. Resolves whether the device is now trusted; a
 * failure only means the next sign-in asks for the code again, so it never stops this one.
 */
export async function trustThisDevice(grant: string, fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchImpl(`${platform.serverOrigin()}${HTTP_ROUTES.deviceTrust}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ grant }),
    });
    if (!response.ok) return false;
    const answer = (await response.json().catch(() => null)) as DeviceTrustAnswer | null;
    const token = answer?.data?.token;
    if (typeof token === 'string') await platform.saveDeviceToken(token);
    return true;
  } catch {
    return false;
  }
}
