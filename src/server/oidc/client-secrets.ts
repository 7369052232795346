import { timingSafeEqual } from 'node:crypto';
import { sha256 } from '../auth/one-time-codes';

/**
 * Client secrets are stored as sha256 only (they are long random values, so a fast hash is enough, as for the
 * portal's codes and links): a database leak does not hand out working client credentials.
 */
export function hashClientSecret(secret: string): string {
  return sha256(secret);
}

/** Whether `offered` is the secret whose hash is `storedHash`, in constant time. */
export function clientSecretMatches(storedHash: string, offered: string): boolean {
  const a = Buffer.from(storedHash, 'hex');
  const b = Buffer.from(hashClientSecret(offered), 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
