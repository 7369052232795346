/**
 * Structured logs through pino: one JSON line per event (or a readable line in a terminal), written asynchronously
 * (pino.destination, flushed when the process exits). Secrets never reach a log line: any field whose name looks like
 * a password, token, code or secret is replaced before writing, at any depth up to five levels.
 */
import pino, { type DestinationStream } from 'pino';

export type Level = 'debug' | 'info' | 'warn' | 'error';
export const LEVELS: readonly Level[] = ['debug', 'info', 'warn', 'error'];

const SECRET_KEY = /pass|token|secret|otp|code|cookie|authorization|recovery/i;
const CENSOR = '[redacted]';
const MAX_DEPTH = 4;

/** The answer of SECRET_KEY for each field name seen: the server logs a few dozen names, so each is tested once. */
const secretNames = new Map<string, boolean>();
const isSecret = (key: string) => {
  let secret = secretNames.get(key);
  if (secret === undefined) {
    secret = SECRET_KEY.test(key);
    if (secretNames.size < 10_000) secretNames.set(key, secret);
  }
  return secret;
};

/**
 * The value with every secret-looking field replaced. Nothing is copied unless something is replaced, so a line with
 * no secret (every call's `socket.call`) costs a walk over its fields and no allocation.
 */
export function redact(value: unknown, depth = 0): unknown {
  if (depth > MAX_DEPTH || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) {
    let copy: unknown[] | null = null;
    value.forEach((item, index) => {
      const safe = redact(item, depth + 1);
      if (safe !== item) (copy ??= [...value])[index] = safe;
    });
    return copy ?? value;
  }
  const record = value as Record<string, unknown>;
  let copy: Record<string, unknown> | null = null;
  for (const key in record) {
    const item = record[key];
    const safe = isSecret(key) ? CENSOR : redact(item, depth + 1);
    if (safe !== item) (copy ??= { ...record })[key] = safe;
  }
  return copy ?? value;
}

export interface Logger {
  log(level: Level, event: string, fields?: Record<string, unknown>): void;
  debug(event: string, fields?: Record<string, unknown>): void;
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export interface LogOptions {
  /** Lines below this level are not written (LOG_LEVEL). Default info. */
  level?: Level;
  /** `json`: one JSON object per line (production, log collectors); `pretty`: `12:00:01 info  event key=value`. */
  format?: 'json' | 'pretty';
}

const pretty = (line: string) => {
  const { time, level, event, ...fields } = JSON.parse(line) as Record<string, unknown>;
  const values = Object.entries(fields).map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return `${String(time).slice(11, 19)} ${String(level).padEnd(5)} ${String(event)}${values.length > 0 ? `  ${values.join(' ')}` : ''}\n`;
};

/**
 * Where lines go: a given `write` receives each line as it is logged (tests and benches collect them); stdout is
 * pino's asynchronous destination (sonic-boom: lines are buffered while a write is under way and written together;
 * pino flushes it synchronously when the process exits). The readable format is for a terminal only.
 */
function destination(write: ((line: string) => void) | undefined, format: LogOptions['format']): DestinationStream {
  if (format === 'pretty') {
    const out = write ?? ((line: string) => process.stdout.write(line));
    return { write: (line) => out(pretty(line)) };
  }
  return write ? { write } : pino.destination({ dest: 1, sync: false });
}

export function createLogger(write?: (line: string) => void, options: LogOptions = {}): Logger {
  const logger = pino(
    {
      level: options.level ?? 'info',
      base: undefined,
      messageKey: 'event',
      timestamp: pino.stdTimeFunctions.isoTime,
      formatters: { level: (label) => ({ level: label }), log: (fields) => redact(fields) as Record<string, unknown> },
    },
    destination(write, options.format),
  );
  const log = (level: Level, event: string, fields?: Record<string, unknown>) => (fields ? logger[level](fields, event) : logger[level](event));
  return {
    log,
    debug: (event, fields) => log('debug', event, fields),
    info: (event, fields) => log('info', event, fields),
    warn: (event, fields) => log('warn', event, fields),
    error: (event, fields) => log('error', event, fields),
  };
}

/**
 * An error's message and stack for a log line, without any other property it may carry. A failed database statement
 * is logged as its SQL text and the database's own message: drizzle puts the statement's parameters (a password
 * hash, an email, a code) into its error message, so that message and its stack never reach a log.
 */
export function describeError(error: unknown): Record<string, unknown> {
  if (!(error instanceof Error)) return { error: String(error) };
  const query = (error as { query?: unknown }).query;
  if (typeof query === 'string' && 'params' in error) {
    const cause = error.cause as { message?: unknown; code?: unknown } | undefined;
    return { error: 'database statement failed', query: query.slice(0, 500), cause: typeof cause?.message === 'string' ? cause.message : null, sqlState: cause?.code ?? null };
  }
  return { error: error.message, stack: error.stack?.split('\n').slice(0, 6).join(' | ') };
}
