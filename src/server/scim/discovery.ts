import { SCHEMAS } from './resources';

/**
 * The discovery resources (RFC 7644 §4): what the portal supports, its two resource types, and their schemas with
 * the attributes the portal keeps. Minimal and true: no bulk, sort, etag or password change; filter with eq.
 */
export function serviceProviderConfig() {
  return {
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ServiceProviderConfig'],
    patch: { supported: true },
    bulk: { supported: false, maxOperations: 0, maxPayloadSize: 0 },
    filter: { supported: true, maxResults: 200 },
    changePassword: { supported: false },
    sort: { supported: false },
    etag: { supported: false },
    authenticationSchemes: [
      { type: 'oauthbearertoken', name: 'Bearer token', description: "The organization's SCIM token, issued in the admin console (Sign-in page).", primary: true },
    ],
    meta: { resourceType: 'ServiceProviderConfig' },
  };
}

export function resourceTypes(baseUrl: string) {
  const type = (name: 'User' | 'Group', schema: string) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:ResourceType'],
    id: name,
    name,
    endpoint: `/${name}s`,
    schema,
    meta: { resourceType: 'ResourceType', location: `${baseUrl}/ResourceTypes/${name}` },
  });
  return [type('User', SCHEMAS.user), type('Group', SCHEMAS.group)];
}

const attribute = (name: string, type: string, extra: Record<string, unknown> = {}) => ({
  name,
  type,
  multiValued: false,
  required: false,
  caseExact: false,
  mutability: 'readWrite',
  returned: 'default',
  uniqueness: 'none',
  ...extra,
});

export function schemas(baseUrl: string) {
  const schema = (id: string, name: string, attributes: unknown[]) => ({
    schemas: ['urn:ietf:params:scim:schemas:core:2.0:Schema'],
    id,
    name,
    attributes,
    meta: { resourceType: 'Schema', location: `${baseUrl}/Schemas/${id}` },
  });
  return [
    schema(SCHEMAS.user, 'User', [
      attribute('userName', 'string', { required: true, uniqueness: 'server' }),
      attribute('name', 'complex', { subAttributes: [attribute('givenName', 'string'), attribute('familyName', 'string'), attribute('formatted', 'string', { mutability: 'readOnly' })] }),
      attribute('displayName', 'string', { mutability: 'readOnly' }),
      attribute('emails', 'complex', { multiValued: true, subAttributes: [attribute('value', 'string'), attribute('type', 'string'), attribute('primary', 'boolean')] }),
      attribute('active', 'boolean'),
      attribute('groups', 'complex', { multiValued: true, mutability: 'readOnly', subAttributes: [attribute('value', 'string'), attribute('display', 'string')] }),
    ]),
    schema(SCHEMAS.group, 'Group', [
      attribute('displayName', 'string', { required: true, uniqueness: 'server' }),
      attribute('members', 'complex', { multiValued: true, subAttributes: [attribute('value', 'string', { mutability: 'immutable' }), attribute('display', 'string', { mutability: 'readOnly' })] }),
    ]),
  ];
}
