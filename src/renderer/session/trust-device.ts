import { HTTP_ROUTES } from '../../shared/protocol/http';
import { platform } from '../platform';

/**
 * Redeems the one-time `deviceGrant` of a sign-in whose second factor was passed with "Don't ask again on this device
 * for 30 days": the server answers with the HttpOnly `portal_device` cookie, which the next socket handshake carries
 * (no script here ever sees the token). Resolves whether the device is now trusted; a failure only means the next
 * sign-in asks for the code again, so it never stops this one.
 */
export async function trustThisDevice(grant: string, fetchImpl: typeof fetch = fetch): Promise<boolean> {
  try {
    const response = await fetchImpl(`${platform.serverOrigin()}${HTTP_ROUTES.deviceTrust}`, {
      method: 'POST',
      credentials: 'include',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ grant }),
    });
    return response.ok;
  } catch {
    return false;
  }
}
