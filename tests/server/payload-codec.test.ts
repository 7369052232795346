import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createPayloadCodec } from '../../src/server/pipeline/payload-codec';
import { EMAILS, PASSWORDS, TEST_SEED } from './fixtures/seed';
import { useTestServer } from './harness';

const KEY = randomBytes(32);
const codec = createPayloadCodec(KEY);

describe('encrypted payloads with PAYLOAD_KEY', () => {
  const app = useTestServer('pglite', TEST_SEED, () => ({ PAYLOAD_KEY: KEY.toString('base64') }));

  it('decrypts a sealed payload before parsing it, and answers as for the plain one', async () => {
    const client = await app().connect();
    const reply = await client.emit('login', codec.seal({ identifier: EMAILS.member, password: PASSWORDS.member, platform: 'web' }, 'login'));
    expect(reply).toMatchObject({ code: 200, data: { token: expect.any(String), email: EMAILS.member } });
    // Sealed payloads still go through the contract.
    expect(await client.emit('login', codec.seal({ identifier: EMAILS.member, platform: 'web' }, 'login'))).toMatchObject({ code: 400, data: { fields: ['password'] } });
    // Plain JSON still works beside it.
    expect((await client.emit('getCompanyDetails', { orgId: 'alpha' })).code).toBe(200);
  });

  it('refuses with 400 what does not decrypt: another event, another key, a tampered text', async () => {
    const client = await app().connect();
    const forLogin = codec.seal({ identifier: EMAILS.member, password: PASSWORDS.member, platform: 'web' }, 'login');
    const replayed = await client.emit('forgotPassword', forLogin);
    expect(replayed).toMatchObject({ code: 400, error: 'The payload could not be decrypted.' });
    expect((await client.emit('login', createPayloadCodec(randomBytes(32)).seal({ identifier: 'x' }, 'login'))).code).toBe(400);
    expect((await client.emit('login', `${forLogin.slice(0, -2)}AA`)).code).toBe(400);
  });
});

describe('encrypted payloads without PAYLOAD_KEY', () => {
  const app = useTestServer('pglite', TEST_SEED);

  it('refuses a string payload with 400', async () => {
    const client = await app().connect();
    const reply = await client.emit('login', codec.seal({ identifier: EMAILS.member, password: PASSWORDS.member, platform: 'web' }, 'login'));
    expect(reply).toMatchObject({ code: 400, error: 'This server does not accept encrypted payloads. Send the payload as JSON.' });
  });
});
