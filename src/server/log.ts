/**
 * Structured logs: one JSON line per event on stdout. Secrets never reach a log line: any field whose
 * name looks like a password, token, code or secret is replaced before writing, at any depth.
 */
type Level = 'debug' | 'info' | 'warn' | 'error';

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
  info(event: string, fields?: Record<string, unknown>): void;
  warn(event: string, fields?: Record<string, unknown>): void;
  error(event: string, fields?: Record<string, unknown>): void;
}

export function createLogger(write: (line: string) => void = (line) => process.stdout.write(line), quiet = false): Logger {
  const log = (level: Level, event: string, fields: Record<string, unknown> = {}) => {
    if (quiet && level !== 'error') return;
    const safe = redact(fields) as Record<string, unknown>;
    write(`${JSON.stringify({ time: new Date().toISOString(), level, event, ...safe })}\n`);
  };
  return {
    log,
    info: (event, fields) => log('info', event, fields),
    warn: (event, fields) => log('warn', event, fields),
    error: (event, fields) => log('error', event, fields),
  };
}

/** An error's message and stack for a log line, without any other property it may carry. */
export function describeError(error: unknown): Record<string, unknown> {
  return error instanceof Error ? { error: error.message, stack: error.stack?.split('\n').slice(0, 6).join(' | ') } : { error: String(error) };
}
