import type { EventName, Events } from './events';
import { PORTAL_EVENTS } from './events';
import { SECURITY_EVENTS } from './security-events';
import { ADMIN_EVENTS } from './admin-events';
import { PASSKEY_EVENTS, PASSKEY_SECOND_FACTOR_EVENTS, PASSKEY_SIGN_IN_EVENTS } from './passkey-events';
import { LANGUAGE_EVENTS } from './language-events';

/**
 * The whole socket contract: the portal's events, the security center's, the admin console's and the passkeys'. The server composes its pipeline from
 * it and tests check it; the renderer never imports it (its /login bundle carries `PORTAL_EVENTS` only, and the
 * security center adds its own events when it loads, see `createCaller`'s `contract`).
 */
export const EVENTS: Events = { ...PORTAL_EVENTS, ...SECURITY_EVENTS, ...ADMIN_EVENTS, ...PASSKEY_EVENTS, ...PASSKEY_SIGN_IN_EVENTS, ...PASSKEY_SECOND_FACTOR_EVENTS, ...LANGUAGE_EVENTS };

export const EVENT_NAMES = Object.keys(EVENTS) as EventName[];

export function isEventName(value: string): value is EventName {
  return Object.hasOwn(EVENTS, value);
}
