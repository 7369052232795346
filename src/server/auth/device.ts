import Bowser from 'bowser';
import type { Platform } from '../../shared/protocol';
import { DESKTOP_USER_AGENT_TOKEN } from '../../shared/desktop-user-agent';

/**
 * Where a call comes from, as far as the server can tell: the client address (through TRUST_PROXY), the user agent,
 * and, at sign-in, what the login payload reports (spec section 3: `platform`, and `appVersion` in the desktop apps).
 * Sessions and audit entries record it; nothing decides access by it.
 */
export interface CallOrigin {
  ip: string | null;
  userAgent: string | null;
  reported: { platform: Platform; appVersion?: string } | null;
}

export const NO_ORIGIN: CallOrigin = { ip: null, userAgent: null, reported: null };

/** A sign-in's origin: what its payload reports about the client, beside the address and user agent. */
export function withLoginFacts(origin: CallOrigin, login: { platform: Platform; appVersion?: string }): CallOrigin {
  return { ...origin, reported: { platform: login.platform, ...(login.appVersion ? { appVersion: login.appVersion } : {}) } };
}

const APP_NAMES = { chat: 'Suite Chat', track: 'Suite Track' } as const;
const DESKTOP_APP = new RegExp(`\\b${DESKTOP_USER_AGENT_TOKEN}/(chat|track)/([0-9A-Za-z.+-]{1,32})`);

/** The desktop app named in a user agent (the apps add `SuitePortal/{flavor}/{version}` to theirs), or null. */
export function desktopAppOf(userAgent: string | null): { flavor: 'chat' | 'track'; version: string } | null {
  const match = userAgent ? DESKTOP_APP.exec(userAgent) : null;
  return match ? { flavor: match[1] as 'chat' | 'track', version: match[2]! } : null;
}

export interface DeviceDescription {
  /** Browser or app, then the operating system: "Chrome 126 on Windows 10", "Suite Chat 1.4.0 on macOS". */
  device: string;
  platform: Platform;
  app: { flavor: 'chat' | 'track'; version: string } | null;
}

/**
 * What a person reads as the device, from the user agent (read by bowser) and what the login payload reported. The
 * platform is the reported one; without a report, a desktop app's user agent is desktop, a phone's or tablet's is
 * mobile, and anything else web.
 */
export function describeDevice(origin: Pick<CallOrigin, 'userAgent' | 'reported'>): DeviceDescription {
  const parsed = origin.userAgent ? Bowser.parse(origin.userAgent) : null;
  const system = parsed?.os.name ? [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ') : null;
  const app = desktopAppOf(origin.userAgent);
  const browser = parsed?.browser.name ? [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ') : null;
  const client = app ? `${APP_NAMES[app.flavor]} ${origin.reported?.appVersion ?? app.version}` : (browser ?? 'Unknown browser');
  const touch = parsed?.platform.type === 'mobile' || parsed?.platform.type === 'tablet';
  return {
    device: (system ? `${client} on ${system}` : client).slice(0, 200),
    platform: origin.reported?.platform ?? (app ? 'desktop' : touch ? 'mobile' : 'web'),
    app: app ? { flavor: app.flavor, version: origin.reported?.appVersion ?? app.version } : null,
  };
}
