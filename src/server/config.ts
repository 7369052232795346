import { existsSync, statSync } from 'node:fs';
import { resolve } from 'node:path';
import * as z from 'zod';
import { PRODUCT_KEYS, type ProductKey } from '../shared/products';

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
  trustProxy: boolean;
  s3BaseUrl: string;
  /** Where the built web portal is; the server serves it when present. */
  webRoot: string;
  /** UPDATES_DIR: folder of desktop release files served at /updates/{channel}/…, or null (no updates hosted). */
  updatesDir: string | null;
  /** MFA_KEY: the 32-byte key that encrypts authenticator secrets, or null (generated into DATA_DIR/mfa.key). */
  mfaKey: Buffer | null;
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
  TRUST_PROXY: z.enum(['true', 'false', '1', '0'], { error: 'must be true or false' }).transform((value) => value === 'true' || value === '1'),
  S3_BASEURL: httpUrl,
  UPDATES_DIR: z
    .string()
    .trim()
    .min(1)
    .refine((value) => existsSync(resolve(value)) && statSync(resolve(value)).isDirectory(), 'names a folder that does not exist'),
  MFA_KEY: z
    .string()
    .trim()
    .refine((value) => /^[A-Za-z0-9+/]+={0,2}$/.test(value) && Buffer.from(value, 'base64').length === 32, 'must be the base64 of 32 bytes')
    .transform((value) => Buffer.from(value, 'base64')),
};

const SECRET_VARS = new Set(['MFA_KEY']);

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
  const trustProxy = read('TRUST_PROXY', VARS.TRUST_PROXY, false);
  const s3BaseUrl = read('S3_BASEURL', VARS.S3_BASEURL, '');
  const updatesDir = read<string | null>('UPDATES_DIR', VARS.UPDATES_DIR, null);
  const mfaKey = read<Buffer | null>('MFA_KEY', VARS.MFA_KEY, null);

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
    webRoot: resolve(import.meta.dirname, '../../dist/web'),
    updatesDir: updatesDir === null ? null : resolve(cwd, updatesDir),
    mfaKey,
  };
}
