import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { chmod, mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * The key that encrypts authenticator secrets at rest: MFA_KEY when set, else DATA_DIR/mfa.key, created
 * (0600) on first start. Several instances on one PostgreSQL database must share MFA_KEY, or each would
 * make its own file and fail to read the others' secrets.
 */
export async function loadMfaKey(configured: Buffer | null, dataDir: string): Promise<Buffer> {
  if (configured) return configured;
  const file = join(dataDir, 'mfa.key');
  try {
    const key = Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
    if (key.length !== 32) throw new Error(`${file} does not hold the base64 of 32 bytes`);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
  await mkdir(dataDir, { recursive: true });
  const key = randomBytes(32);
  // 'wx' fails if another process created it meanwhile; then that one is read.
  try {
    await writeFile(file, key.toString('base64'), { mode: 0o600, flag: 'wx' });
    await chmod(file, 0o600);
    return key;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return Buffer.from((await readFile(file, 'utf8')).trim(), 'base64');
  }
}

/** AES-256-GCM: iv.tag.ciphertext, base64url each. The user id is bound as associated data, so rows cannot be swapped. */
export function sealSecret(key: Buffer, plain: string, userId: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(userId));
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
}

/** Opens what sealSecret made; throws when the key or the user differs, or the text was changed. */
export function openSecret(key: Buffer, sealed: string, userId: string): string {
  const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
  if (!iv || !tag || !body) throw new Error('malformed sealed secret');
  const decipher = createDecipheriv('aes-256-gcm', key, iv);
  decipher.setAAD(Buffer.from(userId));
  decipher.setAuthTag(tag);
  return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
}
