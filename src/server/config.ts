import { existsSync, statSync } from 'node:fs';
import { isIP } from 'node:net';
import { resolve } from 'node:path';
import proxyaddr from 'proxy-addr';
import * as z from 'zod';
import type { ProxyTrust } from './http/client-address';
import { LEVELS, type Level } from './log';
import { projectRoot } from './paths';
import { PRODUCT_KEYS, type ProductKey } from '../shared/products';
import type { SupportContact } from '../shared/protocol/http';
import type { MobileKey, MobileLinks } from './downloads/download-links';

/** Environment variable of each product host. */
export const PRODUCT_URL_VARS: Record<ProductKey, string> = {
  hrms: 'PRODUCT_URL_HRMS',
  chat: 'PRODUCT_URL_CHAT',
  pms: 'PRODUCT_URL_PMS',
  payroll: 'PRODUCT_URL_PAYROLL',
  survey: 'PRODUCT_URL_SURVEY',
  recruit: 'PRODUCT_URL_RECRUIT',
  assets: 'PRODUCT_URL_ASSETS',
  performance: 'PRODUCT_URL_PERFORMANCE',
};

/** Environment variable of each mobile store link of the download data (spec section 3). */
export const MOBILE_LINK_VARS: Record<MobileKey, string> = {
  androidChat: 'MOBILE_LINK_ANDROID_CHAT',
  androidHRMS: 'MOBILE_LINK_ANDROID_HRMS',
  androidPMS: 'MOBILE_LINK_ANDROID_PMS',
  iosChat: 'MOBILE_LINK_IOS_CHAT',
  iosHRMS: 'MOBILE_LINK_IOS_HRMS',
  iosPMS: 'MOBILE_LINK_IOS_PMS',
};

export interface ServerConfig {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | null;
  seedFile: string | null;
  smtpUrl: string | null;
  cookieDomain: string | null;
  productUrls: Record<ProductKey, string>;
  /** PRODUCT_URL_TRACK: the time-tracking host the track desktop app sends Project to. */
  trackUrl: string;
  /** TRUST_PROXY: how the client address is found behind reverse proxies. */
  trustProxy: ProxyTrust;
  s3BaseUrl: string;
  /** WEB_ROOT: where the built web portal is (default dist/web); the server serves it when present. */
  webRoot: string;
  /** UPDATES_DIR: folder of desktop release files served at /updates/{channel}/…, or null (no updates hosted). */
  updatesDir: string | null;
  /** MFA_KEY: the 32-byte key that encrypts authenticator secrets, or null (generated into DATA_DIR/mfa.key). */
  mfaKey: Buffer | null;
  /** PAYLOAD_KEY: the 32-byte key of encrypted payloads (spec section 7), or null (string payloads are refused). */
  payloadKey: Buffer | null;
  /** REDIS_URL: where instances share attempt counters and socket.io, or null (counters live in the database). */
  redisUrl: string | null;
  /** LOG_LEVEL: the lowest level written. */
  logLevel: Level;
  /** LOG_FORMAT: json, or readable lines (default: readable in a terminal, json otherwise). */
  logFormat: 'json' | 'pretty';
  /** METRICS_TOKEN: the bearer token /metrics asks for; null: /metrics answers only on the loopback address. */
  metricsToken: string | null;
  /** MOBILE_LINK_*: the app-store links of the mobile apps; null where unset (the link is then empty). */
  mobileLinks: MobileLinks;
  /** HELP_VIDEO_URL: the menu's help video; null hides the entry. */
  helpVideoUrl: string | null;
  /** DOCUMENTS_URL: the menu's Documents; null hides the entry. */
  documentsUrl: string | null;
  /** SUPPORT_CONTACT: the menu's Support, a mail address or a web page; null hides the entry. */
  support: SupportContact | null;
  /** PRODUCTION_HOST: a host name on which console logging starts off even if it is localhost (it is off on every non-local host anyway). */
  productionHost: string | null;
  /** MS_*: Microsoft sign-in (an OpenID Connect provider); null without MS_CLIENT_ID (the button is hidden). */
  microsoft: MicrosoftConfig | null;
  /** DNS_SERVERS: the resolvers a verified domain's TXT record is looked up with (`ip` or `ip:port`); null: the system's. */
  dnsServers: string[] | null;
}

/** Microsoft sign-in: the portal as an OpenID Connect relying party of Microsoft Entra ID (or any OpenID provider). */
export interface MicrosoftConfig {
  /** MS_CLIENT_ID: the application (client) id of the portal's registration. */
  clientId: string;
  /** MS_CLIENT_SECRET: its client secret; null for a registration without one (PKCE only). */
  clientSecret: string | null;
  /** MS_TENANT: the tenant in the default authority (`organizations`: any work or school account). */
  tenant: string;
  /** MS_AUTHORITY: the provider's issuer URL, https (`https://login.microsoftonline.com/{MS_TENANT}/v2.0`). */
  authority: string;
}

export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const httpUrl = z
  .string()
  .trim()
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.search === '' && url.hash === '';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL without credentials, query or fragment')
  .transform((value) => value.replace(/\/+$/, ''));

/** A link to another site (app stores, videos): http(s), no credentials; a query is allowed (store links need one). */
const linkUrl = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => {
    try {
      const url = new URL(value);
      return (url.protocol === 'http:' || url.protocol === 'https:') && url.username === '' && url.password === '';
    } catch {
      return false;
    }
  }, 'must be an http(s) URL without credentials');

const EMAIL = /^[^\s@<>()",;:]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/;

const VARS = {
  PORT: z.coerce.number({ error: 'must be a whole number from 0 to 65535' }).int('must be a whole number from 0 to 65535').min(0).max(65535),
  HOST: z.string().trim().min(1, 'must not be empty').max(255),
  PUBLIC_URL: httpUrl,
  DATA_DIR: z.string().trim().min(1, 'must not be empty'),
  DATABASE_URL: z
    .string()
    .trim()
    .regex(/^postgres(ql)?:\/\/.+/, 'must be a postgres:// or postgresql:// URL'),
  SEED_FILE: z
    .string()
    .trim()
    .min(1)
    .refine((value) => existsSync(resolve(value)), 'names a file that does not exist'),
  SMTP_URL: z
    .string()
    .trim()
    .regex(/^smtps?:\/\/[^/]+/, 'must be an smtp:// or smtps:// URL'),
  COOKIE_DOMAIN: z
    .string()
    .trim()
    .regex(/^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i, 'must be a domain name such as .example.com'),
  PRODUCT_URL: httpUrl,
  TRUST_PROXY: z
    .string()
    .trim()
    .transform((value, ctx): ProxyTrust => {
      if (value === 'false' || value === '0') return { kind: 'none' };
      if (/^[0-9]+$/.test(value) && Number(value) <= 20) return { kind: 'hops', hops: Number(value) };
      const addresses = value.split(',').map((part) => part.trim()).filter(Boolean);
      try {
        if (value !== 'true' && addresses.length > 0) {
          proxyaddr.compile(addresses);
          return { kind: 'addresses', addresses };
        }
      } catch {
        // Reported below.
      }
      ctx.addIssue({
        code: 'custom',
        message: 'must be the number of proxies in front of the server (e.g. 1), or their addresses (IPs, CIDRs, loopback, linklocal, uniquelocal), or false',
      });
      return z.NEVER;
    }),
  S3_BASEURL: httpUrl,
  UPDATES_DIR: z
    .string()
    .trim()
    .min(1)
    .refine((value) => existsSync(resolve(value)) && statSync(resolve(value)).isDirectory(), 'names a folder that does not exist'),
  WEB_ROOT: z.string().trim().min(1, 'must not be empty'),
  LINK: linkUrl,
  SUPPORT_CONTACT: z
    .string()
    .trim()
    .max(2000)
    .transform((value, ctx): SupportContact => {
      if (EMAIL.test(value)) return { email: value };
      if (linkUrl.safeParse(value).success) return { url: value };
      ctx.addIssue({ code: 'custom', message: 'must be a mail address or an http(s) URL' });
      return z.NEVER;
    }),
  PRODUCTION_HOST: z
    .string()
    .trim()
    .toLowerCase()
    .regex(/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/, 'must be a host name such as portal.example.com'),
  MFA_KEY: z
    .string()
    .trim()
    .refine((value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32, 'must be the base64 of 32 bytes')
    .transform((value) => Buffer.from(value, 'base64')),
  PAYLOAD_KEY: z
    .string()
    .trim()
    .refine((value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32, 'must be the base64 of 32 bytes')
    .transform((value) => Buffer.from(value, 'base64')),
  REDIS_URL: z
    .string()
    .trim()
    .regex(/^rediss?:\/\/.+/, 'must be a redis:// or rediss:// URL'),
  // Addresses only, never host names: the resolver that checks a domain must not itself need a name looked up.
  DNS_SERVERS: z
    .string()
    .trim()
    .transform((value) => value.split(',').map((part) => part.trim()))
    .refine((servers) => servers.length <= 8 && servers.every(isDnsServer), 'must be up to 8 resolver addresses separated by commas: 10.0.0.53, 10.0.0.53:5353, ::1 or [::1]:5353'),
};

/** `ip`, `ip:port`, `ipv6` or `[ipv6]:port`, as node:dns's `setServers` takes them. */
function isDnsServer(server: string): boolean {
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(server);
  const withPort = /^([^:]+):(\d{1,5})$/.exec(server);
  const [address, port] = bracketed ? [bracketed[1]!, bracketed[2]] : withPort ? [withPort[1]!, withPort[2]] : [server, undefined];
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return false;
  return bracketed ? isIP(address) === 6 : isIP(address) !== 0;
}

const LOG_VARS = {
  LOG_LEVEL: z.enum(LEVELS as [Level, ...Level[]], { error: `must be one of ${LEVELS.join(', ')}` }),
  LOG_FORMAT: z.enum(['json', 'pretty'], { error: 'must be json or pretty' }),
  METRICS_TOKEN: z.string().trim().min(16, 'must be at least 16 characters'),
};

const MS_VARS = {
  MS_CLIENT_ID: z.string().trim().min(1).max(200).regex(/^[A-Za-z0-9._:/-]+$/, 'must be the application (client) id of the registration'),
  MS_CLIENT_SECRET: z.string().min(1).max(500),
  MS_TENANT: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9.-]{1,100}$/, 'must be a tenant id, a domain name, organizations, common or consumers'),
  // The authority is always reached over HTTPS: a private CA is trusted through NODE_EXTRA_CA_CERTS, never by
  // turning certificate checks off.
  MS_AUTHORITY: z
    .string()
    .trim()
    .refine((value) => {
      try {
        const url = new URL(value);
        return url.protocol === 'https:' && url.username === '' && url.password === '' && url.search === '' && url.hash === '' && !url.pathname.includes('/.well-known/');
      } catch {
        return false;
      }
    }, "must be the provider's https issuer URL (without /.well-known/…, credentials, query or fragment)")
    .transform((value) => value.replace(/\/+$/, '')),
};

const SECRET_VARS = new Set(['MFA_KEY', 'PAYLOAD_KEY', 'REDIS_URL', 'METRICS_TOKEN', 'MS_CLIENT_SECRET']);

/**
 * Reads the configuration from the environment. Every variable has a default; a bad value stops start-up
 * with a message naming the variable (all bad variables at once).
 */
export function loadConfig(env: NodeJS.ProcessEnv = process.env, cwd = process.cwd()): ServerConfig {
  const problems: string[] = [];
  const read = <T>(name: string, schema: z.ZodType<T>, fallback: T): T => {
    const raw = env[name];
    if (raw === undefined || raw === '') return fallback;
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    // A secret's value is never echoed: the message ends up in logs.
    const got = SECRET_VARS.has(name) ? '' : ` (got ${JSON.stringify(raw.length > 80 ? `${raw.slice(0, 80)}…` : raw)})`;
    problems.push(`${name}: ${parsed.error.issues[0]?.message ?? 'is not valid'}${got}`);
    return fallback;
  };

  const port = read('PORT', VARS.PORT, 3000);
  const host = read('HOST', VARS.HOST, '127.0.0.1');
  const publicUrl = read('PUBLIC_URL', VARS.PUBLIC_URL, `http://localhost:${port}`);
  const dataDir = resolve(cwd, read('DATA_DIR', VARS.DATA_DIR, './.data'));
  const databaseUrl = read<string | null>('DATABASE_URL', VARS.DATABASE_URL, null);
  const seedFile = read<string | null>('SEED_FILE', VARS.SEED_FILE, null);
  const smtpUrl = read<string | null>('SMTP_URL', VARS.SMTP_URL, null);
  const cookieDomain = read<string | null>('COOKIE_DOMAIN', VARS.COOKIE_DOMAIN, null);
  const productUrls = Object.fromEntries(
    PRODUCT_KEYS.map((key) => [key, read(PRODUCT_URL_VARS[key], VARS.PRODUCT_URL, `${publicUrl}/products/${key}`)]),
  ) as Record<ProductKey, string>;
  const trackUrl = read('PRODUCT_URL_TRACK', VARS.PRODUCT_URL, `${publicUrl}/products/track`);
  const trustProxy = read<ProxyTrust>('TRUST_PROXY', VARS.TRUST_PROXY, { kind: 'none' });
  const s3BaseUrl = read('S3_BASEURL', VARS.S3_BASEURL, '');
  const updatesDir = read<string | null>('UPDATES_DIR', VARS.UPDATES_DIR, null);
  const mfaKey = read<Buffer | null>('MFA_KEY', VARS.MFA_KEY, null);
  const payloadKey = read<Buffer | null>('PAYLOAD_KEY', VARS.PAYLOAD_KEY, null);
  const redisUrl = read<string | null>('REDIS_URL', VARS.REDIS_URL, null);
  const logLevel = read<Level>('LOG_LEVEL', LOG_VARS.LOG_LEVEL, 'info');
  const logFormat = read<'json' | 'pretty'>('LOG_FORMAT', LOG_VARS.LOG_FORMAT, process.stdout.isTTY ? 'pretty' : 'json');
  const metricsToken = read<string | null>('METRICS_TOKEN', LOG_VARS.METRICS_TOKEN, null);
  const webRoot = read<string | null>('WEB_ROOT', VARS.WEB_ROOT, null);
  const mobileLinks = Object.fromEntries(
    Object.entries(MOBILE_LINK_VARS).map(([key, name]) => [key, read<string | null>(name, VARS.LINK, null)]),
  ) as MobileLinks;
  const helpVideoUrl = read<string | null>('HELP_VIDEO_URL', VARS.LINK, null);
  const documentsUrl = read<string | null>('DOCUMENTS_URL', VARS.LINK, null);
  const support = read<SupportContact | null>('SUPPORT_CONTACT', VARS.SUPPORT_CONTACT, null);
  const productionHost = read<string | null>('PRODUCTION_HOST', VARS.PRODUCTION_HOST, null);
  const microsoft = readMicrosoft(read);
  const dnsServers = read<string[] | null>('DNS_SERVERS', VARS.DNS_SERVERS, null);

  if (problems.length > 0) throw new ConfigError(problems);
  return {
    port,
    host,
    publicUrl,
    dataDir,
    databaseUrl,
    seedFile: seedFile === null ? null : resolve(cwd, seedFile),
    smtpUrl,
    cookieDomain,
    productUrls,
    trackUrl,
    trustProxy,
    s3BaseUrl,
    webRoot: webRoot === null ? resolve(projectRoot(), 'dist/web') : resolve(cwd, webRoot),
    updatesDir: updatesDir === null ? null : resolve(cwd, updatesDir),
    mfaKey,
    payloadKey,
    redisUrl,
    logLevel,
    logFormat,
    metricsToken,
    mobileLinks,
    helpVideoUrl,
    documentsUrl,
    support,
    productionHost,
    microsoft,
    dnsServers,
  };
}

/** The MS_* variables: checked even without MS_CLIENT_ID (a typo should not wait for the day the id is set). */
function readMicrosoft(read: <T>(name: string, schema: z.ZodType<T>, fallback: T) => T): MicrosoftConfig | null {
  const clientId = read<string | null>('MS_CLIENT_ID', MS_VARS.MS_CLIENT_ID, null);
  const clientSecret = read<string | null>('MS_CLIENT_SECRET', MS_VARS.MS_CLIENT_SECRET, null);
  const tenant = read('MS_TENANT', MS_VARS.MS_TENANT, 'organizations');
  const authority = read('MS_AUTHORITY', MS_VARS.MS_AUTHORITY, `https://login.microsoftonline.com/${tenant}/v2.0`);
  return clientId === null ? null : { clientId, clientSecret, tenant, authority };
}
