import { describe, expect, it } from 'vitest';
import { patchOperations, paging, userStateOf, type UserState } from './resources';
import { applyUserPatch } from './user-patch';

const ADA: UserState = { userName: 'ada@acme.example', email: 'ada@acme.example', givenName: 'Ada', familyName: 'Lovelace', externalId: '00u1', active: true };
const patch = (body: unknown) => applyUserPatch(ADA, patchOperations(body));

describe('a user PATCH as Okta and Entra send it', () => {
  it("takes Okta's replace without a path and Entra's capitalised ops with string booleans", () => {
    expect(patch({ Operations: [{ op: 'replace', value: { active: false } }] })).toEqual({ ...ADA, active: false });
    expect(patch({ Operations: [{ op: 'Replace', path: 'active', value: 'False' }] })).toEqual({ ...ADA, active: false });
    expect(applyUserPatch({ ...ADA, active: false }, patchOperations({ Operations: [{ op: 'Replace', path: 'active', value: 'True' }] }))).toEqual(ADA);
    expect(
      patch({
        schemas: ['urn:ietf:params:scim:api:messages:2.0:PatchOp'],
        Operations: [
          { op: 'Replace', path: 'emails[type eq "work"].value', value: 'Ada.New@acme.example' },
          { op: 'Replace', path: 'name.familyName', value: 'King' },
          { op: 'Add', path: 'urn:ietf:params:scim:schemas:extension:enterprise:2.0:User:department', value: 'R&D' },
          { op: 'Remove', path: 'externalId' },
        ],
      }),
    ).toEqual({ ...ADA, email: 'ada.new@acme.example', familyName: 'King', externalId: null });
    expect(patch({ Operations: [{ op: 'replace', value: { name: { givenName: 'Augusta' }, 'urn:ietf:params:scim:schemas:core:2.0:User:userName': 'augusta@acme.example' } }] })).toEqual({
      ...ADA,
      givenName: 'Augusta',
      userName: 'augusta@acme.example',
    });
  });

  it('refuses what cannot be applied, with the scimType the RFC gives', () => {
    expect(() => patch({ Operations: [{ op: 'Replace', path: 'active', value: 'maybe' }] })).toThrow(expect.objectContaining({ status: 400, scimType: 'invalidValue' }));
    expect(() => patch({ Operations: [{ op: 'remove', path: 'userName' }] })).toThrow(expect.objectContaining({ status: 400, scimType: 'mutability' }));
    expect(() => patch({ Operations: [{ op: 'remove' }] })).toThrow(expect.objectContaining({ scimType: 'noTarget' }));
    expect(() => patchOperations({ Operations: [{ op: 'move', path: 'active' }] })).toThrow(expect.objectContaining({ scimType: 'invalidValue' }));
    expect(() => patchOperations({ Operations: [] })).toThrow(expect.objectContaining({ status: 400 }));
  });
});

describe('a POST or PUT body', () => {
  it("takes the work email as the account's address, else the userName; a PUT without active keeps it", () => {
    expect(userStateOf({ userName: 'Test_User_1', emails: [{ value: 'home@x.example', type: 'home' }, { value: 'Work@Acme.example', type: 'work' }] })).toMatchObject({ email: 'work@acme.example', userName: 'Test_User_1', active: true });
    expect(userStateOf({ userName: 'Bo@Acme.example', active: 'False' })).toMatchObject({ email: 'bo@acme.example', givenName: 'bo', familyName: '', active: false });
    expect(userStateOf({ userName: 'bo@acme.example' }, { givenName: 'Bo', familyName: 'Ek', active: false })).toMatchObject({ givenName: 'Bo', familyName: 'Ek', active: false });
    expect(() => userStateOf({ userName: 'not-an-address' })).toThrow(expect.objectContaining({ scimType: 'invalidValue' }));
    expect(() => userStateOf({ name: { givenName: 'No' } })).toThrow(expect.objectContaining({ scimType: 'invalidValue' }));
  });

  it('reads startIndex and count as RFC 7644 says (below 1 is 1, negative count is 0, at most 200)', () => {
    expect(paging({})).toEqual({ startIndex: 1, count: 100 });
    expect(paging({ startIndex: '0', count: '-5' })).toEqual({ startIndex: 1, count: 0 });
    expect(paging({ startIndex: '3', count: '5000' })).toEqual({ startIndex: 3, count: 200 });
    expect(paging({ startIndex: 'x', count: ['1', '2'] })).toEqual({ startIndex: 1, count: 100 });
  });
});
