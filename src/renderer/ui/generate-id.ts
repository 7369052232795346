import { GENERATED_ID_LENGTH } from '../../shared/limits';

/** Spec sections 4 and 9: a random id of lowercase hex characters, 24 long by default (crypto-strength randomness). */
export function generateId(length = GENERATED_ID_LENGTH): string {
  const bytes = crypto.getRandomValues(new Uint8Array(Math.ceil(length / 2)));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0'))
    .join('')
    .slice(0, length);
}
