import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';

/**
 * A passkey authenticator in software, for server tests: it answers registration options with a 'none' attestation
 * and authentication options with an assertion, as a browser and a platform authenticator would (ES256 keys from
 * node:crypto, the authenticator data and CBOR of WebAuthn Level 3 §6.1, §6.5). The browser's side of the ceremony
 * (clientDataJSON with the page's origin) is built here too.
 */

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

const FLAG_UP = 0x01;
const FLAG_UV = 0x04;
const FLAG_BE = 0x08;
const FLAG_BS = 0x10;
const FLAG_AT = 0x40;

/** Options as the server sent them (only what an authenticator reads). */
interface CreationOptions {
  challenge: string;
  rp: { id?: string };
  user: { id: string };
}
interface RequestOptions {
  challenge: string;
  rpId?: string;
}

/** One credential the authenticator holds. */
export interface SoftCredential {
  id: string;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  counter: number;
}

export interface AuthenticatorOptions {
  /** The page the ceremony runs on (the portal's PUBLIC_URL origin). */
  origin: string;
  /** Whether the user is verified (a PIN, a fingerprint); default true. */
  userVerified?: boolean;
  /** Whether the signature counter moves at each use (false: always 0, as synced passkeys do); default true. */
  counting?: boolean;
  /** Whether the credential is backed up (a synced passkey); default false. */
  backedUp?: boolean;
}

function clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin: string): Buffer {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function flags(options: AuthenticatorOptions, attested: boolean): number {
  return (
    FLAG_UP |
    (options.userVerified === false ? 0 : FLAG_UV) |
    (options.backedUp ? FLAG_BE | FLAG_BS : 0) |
    (attested ? FLAG_AT : 0)
  );
}

/** The public key as a COSE EC2 key (kty 2, alg -7 ES256, crv 1 P-256, x, y). */
function coseKey(publicKey: KeyObject): Uint8Array {
  const jwk = publicKey.export({ format: 'jwk' });
  const map = new Map<number, number | Uint8Array>([
    [1, 2],
    [3, -7],
    [-1, 1],
    [-2, new Uint8Array(Buffer.from(jwk.x!, 'base64url'))],
    [-3, new Uint8Array(Buffer.from(jwk.y!, 'base64url'))],
  ]);
  return isoCBOR.encode(map);
}

const counterBytes = (counter: number) => {
  const bytes = Buffer.alloc(4);
  bytes.writeUInt32BE(counter);
  return bytes;
};

export class SoftwareAuthenticator {
  readonly credentials: SoftCredential[] = [];

  constructor(readonly options: AuthenticatorOptions) {}

  /**
   * Creates a credential for the options and answers like `startRegistration` (RegistrationResponseJSON); `reuseId`
   * gives it the id of an earlier one (an authenticator that ignores excludeCredentials, or a replay).
   */
  register(creation: CreationOptions, reuseId?: string) {
    const rpId = creation.rp.id ?? new URL(this.options.origin).hostname;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const credentialId = reuseId ? Buffer.from(reuseId, 'base64url') : randomBytes(32);
    const credential: SoftCredential = { id: b64url(credentialId), rpId, userHandle: creation.user.id, privateKey, counter: this.options.counting === false ? 0 : 1 };
    this.credentials.push(credential);
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(credentialId.length);
    const authData = Buffer.concat([
      sha256(rpId),
      Buffer.from([flags(this.options, true)]),
      counterBytes(credential.counter),
      Buffer.alloc(16), // AAGUID: none, as with attestation 'none'
      idLength,
      credentialId,
      coseKey(publicKey),
    ]);
    const attestationObject = isoCBOR.encode(
      new Map<string, unknown>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', new Uint8Array(authData)],
      ]) as Parameters<typeof isoCBOR.encode>[0],
    );
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData('webauthn.create', creation.challenge, this.options.origin)),
        attestationObject: b64url(attestationObject),
        transports: ['internal', 'hybrid'],
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }

  /** Signs the options' challenge with `credential` (the first one by default), like `startAuthentication`. */
  assert(request: RequestOptions, credential: SoftCredential = this.credentials[0]!) {
    if (this.options.counting !== false) credential.counter += 1;
    const authData = Buffer.concat([sha256(request.rpId ?? credential.rpId), Buffer.from([flags(this.options, false)]), counterBytes(credential.counter)]);
    const data = clientData('webauthn.get', request.challenge, this.options.origin);
    const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), credential.privateKey);
    return {
      id: credential.id,
      rawId: credential.id,
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(data),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      authenticatorAttachment: 'platform' as const,
      clientExtensionResults: {},
    };
  }
}
