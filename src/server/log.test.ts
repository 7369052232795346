import { spawnSync } from 'node:child_process';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger, describeError } from './log';

const ROOT = resolve(import.meta.dirname, '../..');

describe('structured logs', () => {
  it('writes one JSON line per event and never a password, token or code', () => {
    const lines: string[] = [];
    const log = createLogger((line) => lines.push(line));
    log.info('sign-in.succeeded', {
      userId: 'u1',
      password: 'Admin@12345',
      token: 'eyJ.secret',
      nested: { otp: '123456', recoveryCode: 'ab12-cd345', orgId: 'acme' },
      list: [{ clientSecret: 's3cr3t-value', name: 'kept' }],
    });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ level: 'info', event: 'sign-in.succeeded', userId: 'u1', password: '[redacted]', nested: { otp: '[redacted]', orgId: 'acme' }, list: [{ name: 'kept' }] });
    expect(new Date(entry.time).toISOString()).toBe(entry.time);
    for (const secret of ['Admin@12345', 'eyJ.secret', '123456', 'ab12-cd345', 's3cr3t-value']) expect(lines[0]).not.toContain(secret);
  });

  it("writes a call's line with exactly its fields, and leaves the caller's object as it was", () => {
    const lines: string[] = [];
    const fields = { name: 'authenticate', status: 200, ms: 0.4, ip: '127.0.0.1', work: { queries: 0, hashes: 0 }, deviceToken: true };
    createLogger((line) => lines.push(line)).info('socket.call', fields);
    const { time, ...entry } = JSON.parse(lines[0]!);
    expect(typeof time).toBe('string');
    expect(entry).toEqual({ level: 'info', event: 'socket.call', name: 'authenticate', status: 200, ms: 0.4, ip: '127.0.0.1', work: { queries: 0, hashes: 0 }, deviceToken: '[redacted]' });
    expect(fields.deviceToken).toBe(true);
  });

  it('writes nothing below its level, and readable lines when asked', () => {
    const lines: string[] = [];
    const log = createLogger((line) => lines.push(line), { level: 'warn' });
    log.info('quiet');
    log.debug('quieter');
    log.warn('mail.failed', { attempt: 2 });
    log.log('error', 'call.failed', { code: 'kept out' });
    expect(lines.map((line) => JSON.parse(line).event)).toEqual(['mail.failed', 'call.failed']);
    const readable: string[] = [];
    createLogger((line) => readable.push(line), { format: 'pretty' }).info('server.listening', { url: 'http://127.0.0.1:1', otp: '654321' });
    expect(readable[0]).toMatch(/^\d\d:\d\d:\d\d info {2}server\.listening {2}url=http:\/\/127\.0\.0\.1:1 otp=\[redacted\]\n$/);
  });

  it('writes stdout asynchronously and loses no line when the process exits at once', () => {
    const script = "import { createLogger } from './src/server/log.ts'; const log = createLogger(); for (let i = 0; i < 20000; i += 1) log.info('socket.call', { i }); process.exit(0);";
    const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
    const lines = child.stdout.trim().split('\n');
    expect(lines).toHaveLength(20000);
    expect(JSON.parse(lines.at(-1)!)).toMatchObject({ event: 'socket.call', i: 19999 });
  });
});
describe('describeError', () => {
  it('logs a failed statement as its SQL and the database message, never its parameters', async () => {
    const { DrizzleQueryError } = await import('drizzle-orm/errors');
    const cause = Object.assign(new Error('duplicate key value violates unique constraint "users_email_unique"'), { code: '23505' });
    const error = new DrizzleQueryError('insert into "users" ("email", "password_hash") values ($1, $2)', ['ada@acme.test', '$argon2id$v=19$secret'], cause);
    const described = JSON.stringify(describeError(error));
    expect(described).toContain('insert into \\"users\\"');
    expect(described).toContain('users_email_unique');
    expect(described).toContain('23505');
    expect(described).not.toContain('ada@acme.test');
    expect(described).not.toContain('$argon2id');
  });
});
