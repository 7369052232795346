import { CallError, ERROR_CODES } from '../../shared/protocol';
import type { SamlSettingsSchema } from '../../shared/protocol/sso-schemas';
import type * as z from 'zod';
import type { Db } from '../db/client';
import type { Connection, SamlConfig } from './connections';
import type { SsoIdentity } from './identity';

type SamlConnection = Extract<Connection, { kind: 'saml' }>;

/** A SAML response the portal refuses, with the reason the audit records. */
export class SamlRefusal extends Error {
  constructor(readonly reason: string) {
    super(reason);
    this.name = 'SamlRefusal';
  }
}

/** The portal's service-provider addresses for one connection: its entity id (the metadata URL) and its ACS. */
export function samlEndpoints(publicUrl: string, connectionId: string) {
  const base = `${publicUrl}/sso/saml/${connectionId}`;
  return { spEntityId: `${base}/metadata`, acsUrl: `${base}/acs`, spMetadataUrl: `${base}/metadata` };
}

const NOT_YET = 'SAML connections are not available on this portal yet.';

export async function samlSettingsFrom(_input: z.infer<typeof SamlSettingsSchema>): Promise<SamlConfig> {
  throw new CallError(ERROR_CODES.BAD_REQUEST, NOT_YET);
}

export function samlAuthnRequest(_connection: SamlConnection, _publicUrl: string, _relayState: string): { url: string; requestId: string } {
  throw new SamlRefusal('not-available');
}

export async function samlIdentity(_db: Db, _connection: SamlConnection, _publicUrl: string, _response: string, _requestId: string | null): Promise<SsoIdentity> {
  throw new SamlRefusal('not-available');
}

export function samlServiceProviderMetadata(_publicUrl: string, _connectionId: string): string {
  throw new SamlRefusal('not-available');
}
