import Bowser from 'bowser';
import { LRUCache } from 'lru-cache';
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

/** What bowser reads in a user agent, as a device description uses it. */
interface ReadUserAgent {
  system: string | null;
  browser: string | null;
  touch: boolean;
}

/**
 * User agents read so far: a server sees few distinct ones (browsers and their versions), and bowser's regular
 * expressions cost about a tenth of a millisecond a read, twice a sign-in (the session and its audit entry).
 */
const readUserAgents = new LRUCache<string, ReadUserAgent>({ max: 2_000 });

function readUserAgent(userAgent: string): ReadUserAgent {
  let read = readUserAgents.get(userAgent);
  if (!read) {
    const parsed = Bowser.parse(userAgent);
    read = {
      system: parsed.os.name ? [parsed.os.name, parsed.os.versionName ?? parsed.os.version].filter(Boolean).join(' ') : null,
      browser: parsed.browser.name ? [parsed.browser.name, parsed.browser.version?.split('.')[0]].filter(Boolean).join(' ') : null,
      touch: parsed.platform.type === 'mobile' || parsed.platform.type === 'tablet',
    };
    readUserAgents.set(userAgent, read);
  }
  return read;
}

/**
 * What a person reads as the device, from the user agent (read by bowser) and what the login payload reported. The
 * platform is the reported one; without a report, a desktop app's user agent is desktop, a phone's or tablet's is
 * mobile, and anything else web.
 */
export function describeDevice(origin: Pick<CallOrigin, 'userAgent' | 'reported'>): DeviceDescription {
  const read = origin.userAgent ? readUserAgent(origin.userAgent) : null;
  const system = read?.system ?? null;
  const app = desktopAppOf(origin.userAgent);
  const client = app ? `${APP_NAMES[app.flavor]} ${origin.reported?.appVersion ?? app.version}` : (read?.browser ?? 'Unknown browser');
  return {
    device: (system ? `${client} on ${system}` : client).slice(0, 200),
    platform: origin.reported?.platform ?? (app ? 'desktop' : read?.touch ? 'mobile' : 'web'),
    app: app ? { flavor: app.flavor, version: origin.reported?.appVersion ?? app.version } : null,
  };
}
