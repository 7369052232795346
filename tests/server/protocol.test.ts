import { expect, it } from 'vitest';
import { EMAILS, PASSWORDS, TEST_SEED } from './fixtures/seed';
import { describeEngines, signIn, useTestServer } from './harness';

import { MICROSOFT_MESSAGES } from '../../src/server/microsoft/microsoft-sign-in';

/** Payloads the typed caller would never send; each must be refused with 400 and the fields at fault. */
const BAD_PAYLOADS: { name: string; event: string; payload: unknown; fields: string[] }[] = [
  { name: 'login without a password', event: 'login', payload: { identifier: EMAILS.admin, platform: 'web' }, fields: ['password'] },
  { name: 'login with the password as a number', event: 'login', payload: { identifier: EMAILS.admin, password: 12345678, platform: 'web' }, fields: ['password'] },
  { name: 'login without identifier or email', event: 'login', payload: { password: PASSWORDS.admin, platform: 'web' }, fields: ['identifier'] },
  { name: 'login from an unknown platform', event: 'login', payload: { identifier: EMAILS.admin, password: PASSWORDS.admin, platform: 'toaster' }, fields: ['platform'] },
  { name: 'login with an object as identifier', event: 'login', payload: { identifier: { $ne: '' }, password: PASSWORDS.admin, platform: 'web' }, fields: ['identifier'] },
  { name: 'getCompanyDetails with a path as orgId', event: 'getCompanyDetails', payload: { orgId: '../x' }, fields: ['orgId'] },
  { name: 'getCompanyDetails without orgId', event: 'getCompanyDetails', payload: {}, fields: ['orgId'] },
  { name: 'getCompanyDetails with null', event: 'getCompanyDetails', payload: null, fields: ['orgId'] },
  { name: 'authenticate with a number as token', event: 'authenticate', payload: { token: 42 }, fields: ['token'] },
  { name: 'loginEmail with a bad email', event: 'loginEmail', payload: { email: 'not-an-email', orgId: 'alpha' }, fields: ['email'] },
  { name: 'signUp with only an email', event: 'signUp', payload: { email: 'x@y.test' }, fields: ['firstName', 'lastName', 'password', 'cpassword', 'company', 'phone', 'numemployees', 'country', 'industryType'] },
];

/** Payloads that are not objects at all: refused with 400 and an empty field list. */
const NOT_OBJECTS: { name: string; event: string; payload: unknown }[] = [
  { name: 'login with a string', event: 'login', payload: 'identifier=admin&password=x' },
  { name: 'login with an array', event: 'login', payload: [EMAILS.admin, PASSWORDS.admin] },
  { name: 'getCompanyDetails with a number', event: 'getCompanyDetails', payload: 7 },
  { name: 'logout with a string', event: 'logout', payload: 'bye' },
];

describeEngines('protocol', (engine) => {
  const app = useTestServer(engine, TEST_SEED);

  it('refuses malformed payloads with 400 and the fields at fault, and keeps serving the same socket', async () => {
    const client = await app().connect({ token: await signIn(app(), EMAILS.admin, PASSWORDS.admin) });

    for (const { name, event, payload, fields } of BAD_PAYLOADS) {
      const reply = await client.emit(event, payload);
      expect(reply, name).toMatchObject({ event, code: 400, error: expect.any(String) });
      expect(reply.data?.fields, name).toEqual(expect.arrayContaining(fields));
      expect(reply.data?.fields, name).toHaveLength(fields.length);
    }
    for (const { name, event, payload } of NOT_OBJECTS) {
      const reply = await client.emit(event, payload);
      expect(reply, name).toMatchObject({ event, code: 400, data: { fields: [] } });
    }

    // Still connected, still signed in, still serving.
    expect(client.socket.connected).toBe(true);
    await expect(client.call('getWorkspaceList', {})).resolves.toMatchObject({ activeOrgId: 'alpha' });
    const login = await client.call('login', { identifier: EMAILS.member, password: PASSWORDS.member, platform: 'web' });
    expect(login.token).toEqual(expect.any(String));
  });

  it('names the first field at fault in the message', async () => {
    const client = await app().connect();
    const reply = await client.emit('getCompanyDetails', { orgId: '../x' });
    expect(reply.error).toBe('orgId: Organization id must be valid.');
  });

  it('answers an unknown event with 404, echoing its name and request id', async () => {
    const client = await app().connect();
    const reply = await client.emit('dropAllTables', { please: true }, 'rid-unknown');
    expect(reply).toMatchObject({ event: 'dropAllTables', code: 404, error: 'Unknown event.', rid: 'rid-unknown' });
    // Inherited object keys are not events either.
    expect(await client.emit('constructor', {})).toMatchObject({ code: 404, error: 'Unknown event.' });
    expect(await client.emit('__proto__', {})).toMatchObject({ code: 404, error: 'Unknown event.' });
  });

  it('answers msLogin on a server without Microsoft sign-in with 404 "not configured", after checking its payload', async () => {
    const client = await app().connect();
    const payload = { code: 'abc', state: 'sT4te-of-the-sign-in_0123456789abcdef', binding: 'b1nding-of-the-opener_0123456789abcd' };
    await expect(client.call('msLogin', payload)).rejects.toMatchObject({ code: 404, message: MICROSOFT_MESSAGES.notConfigured });
    expect((await client.emit('msLogin', { ...payload, code: '' })).code).toBe(400);
    expect((await client.emit('msLogin', { code: 'abc' })).data?.fields).toEqual(['state', 'binding']);
    // The client sees the same reply for the raw emit: the envelope of the event, with the request id.
    expect(await client.emit('msLogin', payload, 'rid-77')).toEqual({
      event: 'msLogin',
      data: null,
      error: MICROSOFT_MESSAGES.notConfigured,
      code: 404,
      rid: 'rid-77',
    });
  });

  it('answers two overlapping calls of one event by request id', async () => {
    const client = await app().connect();
    const [alpha, beta] = await Promise.all([
      client.call('getCompanyDetails', { orgId: 'alpha' }),
      client.call('getCompanyDetails', { orgId: 'beta' }),
    ]);
    expect(alpha.company).toBe('Alpha Works');
    expect(beta.company).toBe('Beta Labs');
  });
});
