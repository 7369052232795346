import { PRODUCT_KEYS, type ProductKey } from '../products.ts';

/**
 * GET /portal-config.json: what the renderer needs to know about this deployment.
 *
 * Checked without zod on purpose: the renderer reads it before its first paint, and zod (22 KB gzip, even zod/mini
 * costs 5.6 KB for one object) waits for the screens after /login (npm run bench -- bundle). The server builds this
 * object from its own validated settings; this check guards the renderer and the desktop main process against a
 * server of another release or a proxy's page.
 */
export interface PortalConfig {
  productUrls: Record<ProductKey, string>;
  /** The time-tracking host, where the track desktop app sends Project. */
  trackUrl: string;
  cookieDomain: string | null;
  publicUrl: string;
  // Added with the menu: optional on the wire, so a desktop app and a server of different releases still agree.
  /** The menu's help video, Documents and Support; null hides the entry. */
  helpVideoUrl: string | null;
  documentsUrl: string | null;
  support: SupportContact | null;
  /**
   * Whether console logging starts on (until the user switches it): the server decides by the host the page or this
   * config was asked for on (src/server/http/console-logging.ts): off on a deployment, on at localhost. Absent (an
   * older server): on.
   */
  consoleLogging: boolean;
  /** Whether Microsoft sign-in is configured (MS_CLIENT_ID): without it the "Login With Microsoft" button is hidden. */
  microsoftSignIn: boolean;
}

/** Where the menu's Support entry leads: a mail address or a web page. */
export type SupportContact = { email: string } | { url: string };

/** An address the portal may link to or open: absolute, http or https. */
export function isWebUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2048) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'https:' || url.protocol === 'http:') && url.hostname !== '';
  } catch {
    return false;
  }
}

// The pattern zod's z.email() uses (its default, "reasonable" addresses).
const EMAIL = /^(?!\.)(?!.*\.\.)([A-Za-z0-9_'+\-.]*)[A-Za-z0-9_+-]@([A-Za-z0-9][A-Za-z0-9-]*\.)+[A-Za-z]{2,}$/;

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const isText = (value: unknown): value is string => typeof value === 'string' && value.length <= 2048;

/** An optional field: absent means `fallback`; present, it must pass `check` (or be null where null is allowed). */
function optional<T>(value: unknown, check: (value: unknown) => value is T, fallback: T): T | undefined {
  if (value === undefined) return fallback;
  if (value === null && fallback === null) return null as T;
  return check(value) ? value : undefined;
}

function supportContact(value: unknown): value is SupportContact {
  if (!isRecord(value)) return false;
  const keys = Object.keys(value);
  if (keys.length !== 1) return false;
  if (keys[0] === 'email') return typeof value.email === 'string' && EMAIL.test(value.email);
  return keys[0] === 'url' && isWebUrl(value.url);
}

/**
 * The portal config in `value`, or null when it is not one. Unknown keys are dropped; the fields added later take
 * their defaults when absent.
 */
export function parsePortalConfig(value: unknown): PortalConfig | null {
  if (!isRecord(value) || !isRecord(value.productUrls)) return null;
  const productUrls = {} as Record<ProductKey, string>;
  for (const key of PRODUCT_KEYS) {
    const url = value.productUrls[key];
    if (!isWebUrl(url)) return null;
    productUrls[key] = url;
  }
  const { trackUrl, publicUrl, cookieDomain } = value;
  if (!isWebUrl(trackUrl) || !isWebUrl(publicUrl)) return null;
  if (cookieDomain !== null && !isText(cookieDomain)) return null;
  const isBoolean = (flag: unknown): flag is boolean => typeof flag === 'boolean';
  const config = {
    productUrls,
    trackUrl,
    cookieDomain,
    publicUrl,
    helpVideoUrl: optional<string | null>(value.helpVideoUrl, isWebUrl, null),
    documentsUrl: optional<string | null>(value.documentsUrl, isWebUrl, null),
    support: optional<SupportContact | null>(value.support, supportContact, null),
    consoleLogging: optional(value.consoleLogging, isBoolean, true),
    microsoftSignIn: optional(value.microsoftSignIn, isBoolean, false),
  };
  return Object.values(config).includes(undefined) ? null : (config as PortalConfig);
}
