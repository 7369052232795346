/**
 * Structured logs: one JSON line per event (or a readable line in a terminal). Secrets never reach a log line: any
 * field whose name looks like a password, token, code or secret is replaced before writing, at any depth.
 */
export type Level = 'debug' | 'info' | 'warn' | 'error';
export const LEVELS: readonly Level[] = ['debug', 'info', 'warn', 'error'];

const SECRET_KEY = /pass|token|secret|otp|code|cookie|authorization|recovery/i;

export function redact(value: unknown, depth = 0): unknown {
  if (depth > 4 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redact(item, depth + 1));
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).map(([key, item]) => [key, SECRET_KEY.test(key) ? '[redacted]' : redact(item, depth + 1)]),
  );
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

const pretty = (time: Date, level: Level, event: string, fields: Record<string, unknown>) => {
  const values = Object.entries(fields).map(([key, value]) => `${key}=${typeof value === 'string' ? value : JSON.stringify(value)}`);
  return `${time.toISOString().slice(11, 19)} ${level.padEnd(5)} ${event}${values.length > 0 ? `  ${values.join(' ')}` : ''}\n`;
};

export function createLogger(write: (line: string) => void = (line) => process.stdout.write(line), options: LogOptions = {}): Logger {
  const threshold = LEVELS.indexOf(options.level ?? 'info');
  const log = (level: Level, event: string, fields: Record<string, unknown> = {}) => {
    if (LEVELS.indexOf(level) < threshold) return;
    const safe = redact(fields) as Record<string, unknown>;
    const time = new Date();
    write(options.format === 'pretty' ? pretty(time, level, event, safe) : `${JSON.stringify({ time: time.toISOString(), level, event, ...safe })}\n`);
  };
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
