import { ScimError, invalidValue } from './errors';
import { accountEmail, EmailsSchema, NameSchema, ScimBoolean, type PatchOperation, type UserState } from './resources';

/**
 * A user PATCH (RFC 7644 §3.5.2) applied to what the portal keeps, pure. Both directories' shapes: Okta's
 * `{"op":"replace","value":{"active":false}}` (no path, an object of attributes) and Entra's
 * `{"op":"Replace","path":"active","value":"False"}` (a path, string booleans). Attributes the portal does not keep
 * are accepted and left alone, so a directory's extra attributes never fail a provisioning run.
 */
const CORE_PREFIX = 'urn:ietf:params:scim:schemas:core:2.0:user:';

const text = (value: unknown, what: string, max: number): string => {
  if (typeof value !== 'string' || value.trim().length > max) throw invalidValue(`${what} must be text of at most ${max} characters.`);
  return value.trim();
};

function setAttribute(state: UserState, path: string, value: unknown, removing: boolean): UserState {
  const key = path.toLowerCase().startsWith(CORE_PREFIX) ? path.slice(CORE_PREFIX.length) : path;
  switch (key.toLowerCase().replace(/\s+/g, '')) {
    case 'active': {
      if (removing) return state;
      const active = ScimBoolean.safeParse(value);
      if (!active.success) throw invalidValue('active must be true or false.');
      return { ...state, active: active.data };
    }
    case 'username':
      if (removing) throw new ScimError(400, 'userName cannot be removed.', 'mutability');
      return { ...state, userName: text(value, 'userName', 320) };
    case 'externalid':
      return { ...state, externalId: removing ? null : text(value, 'externalId', 300) || null };
    case 'name.givenname':
      return { ...state, givenName: removing ? '' : text(value, 'name.givenName', 100) };
    case 'name.familyname':
      return { ...state, familyName: removing ? '' : text(value, 'name.familyName', 100) };
    case 'name': {
      if (removing) return { ...state, givenName: '', familyName: '' };
      const name = NameSchema.safeParse(value);
      if (!name.success) throw invalidValue('name must be an object with givenName and familyName.');
      return { ...state, givenName: name.data.givenName ?? state.givenName, familyName: name.data.familyName ?? state.familyName };
    }
    case 'emails': {
      if (removing) throw new ScimError(400, 'The work email cannot be removed.', 'mutability');
      const emails = EmailsSchema.safeParse(Array.isArray(value) ? value : [value]);
      if (!emails.success) throw invalidValue('emails must be a list of {value, type, primary}.');
      return { ...state, email: accountEmail(state.userName, emails.data) };
    }
    case 'emails[typeeq"work"].value':
    case 'emails[primaryeqtrue].value':
      if (removing) throw new ScimError(400, 'The work email cannot be removed.', 'mutability');
      return { ...state, email: accountEmail(state.userName, [{ value: text(value, 'The email', 320), type: 'work' }]) };
    default:
      return state;
  }
}

export function applyUserPatch(current: UserState, operations: PatchOperation[]): UserState {
  let state = current;
  for (const operation of operations) {
    const removing = operation.op === 'remove';
    if (operation.path !== undefined) {
      state = setAttribute(state, operation.path, operation.value, removing);
      continue;
    }
    if (removing) throw new ScimError(400, 'A remove operation needs a path.', 'noTarget');
    if (typeof operation.value !== 'object' || operation.value === null || Array.isArray(operation.value)) {
      throw invalidValue('An operation without a path needs an object of attributes as its value.');
    }
    for (const [key, value] of Object.entries(operation.value)) state = setAttribute(state, key, value, false);
  }
  return state;
}
