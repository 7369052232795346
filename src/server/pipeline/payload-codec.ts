import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * The payload codec of spec section 7 ("payloads may be encrypted strings") for the suite's other clients: AES-256-GCM
 * under the deployment's PAYLOAD_KEY, with the event name as associated data so a payload sealed for one event cannot
 * be replayed as another. Wire form: `v1.{iv}.{tag}.{ciphertext}`, each part base64url; the plain text is the JSON
 * payload. The web and desktop portal send plain JSON over TLS: a key inside a client bundle would protect nothing.
 */
export interface PayloadCodec {
  /** The JSON value inside, or false when the text does not decrypt (wrong key, wrong event, tampered, not JSON). */
  open(sealed: string, event: string): unknown;
  seal(payload: unknown, event: string): string;
}

const VERSION = 'v1';

export function createPayloadCodec(key: Buffer): PayloadCodec {
  if (key.length !== 32) throw new Error('PAYLOAD_KEY must be 32 bytes');
  return {
    open(sealed, event) {
      const parts = sealed.split('.');
      if (parts.length !== 4 || parts[0] !== VERSION) return false;
      try {
        const [iv, tag, body] = parts.slice(1).map((part) => Buffer.from(part, 'base64url'));
        if (iv!.length !== 12 || tag!.length !== 16) return false;
        const decipher = createDecipheriv('aes-256-gcm', key, iv!);
        decipher.setAAD(Buffer.from(event, 'utf8'));
        decipher.setAuthTag(tag!);
        const plain = Buffer.concat([decipher.update(body!), decipher.final()]).toString('utf8');
        return JSON.parse(plain) as unknown;
      } catch {
        return false;
      }
    },
    seal(payload, event) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      cipher.setAAD(Buffer.from(event, 'utf8'));
      const body = Buffer.concat([cipher.update(JSON.stringify(payload ?? {}), 'utf8'), cipher.final()]);
      return [VERSION, iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join('.');
    },
  };
}
