import { describe, expect, it } from 'vitest';
import { createLogger, describeError } from './log';

describe('structured logs', () => {
  it('writes one JSON line per event and never a password, token or code', () => {
    const lines: string[] = [];
    const log = createLogger((line) => lines.push(line));
    log.info('sign-in.succeeded', { userId: 'u1', password: 'Admin@12345', token: 'eyJ.secret', nested: { otp: '123456', recoveryCode: 'ab12-cd345', orgId: 'acme' } });
    expect(lines).toHaveLength(1);
    expect(lines[0]!.endsWith('\n')).toBe(true);
    const entry = JSON.parse(lines[0]!);
    expect(entry).toMatchObject({ level: 'info', event: 'sign-in.succeeded', userId: 'u1', nested: { orgId: 'acme' } });
    for (const secret of ['Admin@12345', 'eyJ.secret', '123456', 'ab12-cd345']) expect(lines[0]).not.toContain(secret);
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
