import { describe, expect, it } from 'vitest';
import { createLogger } from './log';

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
