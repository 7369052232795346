import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { loadMfaKey, openSecret, sealSecret } from './mfa-secrets';
import { hashRecoveryCode, newRecoveryCode, recoveryCodeMatches } from './recovery-codes';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

describe('multi-factor secrets', () => {
  it('seals a secret so only the same key and user open it', () => {
    const key = Buffer.alloc(32, 1);
    const sealed = sealSecret(key, 'JBSWY3DPEHPK3PXP', 'user-1');
    expect(sealed).not.toContain('JBSWY3DPEHPK3PXP');
    expect(openSecret(key, sealed, 'user-1')).toBe('JBSWY3DPEHPK3PXP');
    expect(() => openSecret(key, sealed, 'user-2')).toThrow();
    expect(() => openSecret(Buffer.alloc(32, 2), sealed, 'user-1')).toThrow();
    expect(sealSecret(key, 'JBSWY3DPEHPK3PXP', 'user-1')).not.toBe(sealed);
  });

  it('makes recovery codes in the xxxx-xxxxx shape without look-alikes, matched case-insensitively', () => {
    const codes = Array.from({ length: 200 }, newRecoveryCode);
    for (const code of codes) expect(code).toMatch(/^[a-hj-km-np-z2-9]{4}-[a-hj-km-np-z2-9]{5}$/);
    expect(new Set(codes).size).toBe(codes.length);
    const stored = hashRecoveryCode(codes[0]!);
    expect(recoveryCodeMatches(codes[0]!.toUpperCase(), stored)).toBe(true);
    expect(recoveryCodeMatches(codes[1]!, stored)).toBe(false);
    expect(recoveryCodeMatches(codes[0]!, null)).toBe(false);
  });

  it('uses MFA_KEY when set, else creates DATA_DIR/mfa.key (0600) once and reuses it', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'mfa-key-'));
    dirs.push(dir);
    const configured = Buffer.alloc(32, 5);
    expect(await loadMfaKey(configured, dir)).toBe(configured);
    const first = await loadMfaKey(null, dir);
    expect(first).toHaveLength(32);
    expect((await stat(join(dir, 'mfa.key'))).mode & 0o777).toBe(0o600);
    expect(Buffer.from(await readFile(join(dir, 'mfa.key'), 'utf8'), 'base64')).toEqual(first);
    expect(await loadMfaKey(null, dir)).toEqual(first);
  });
});
