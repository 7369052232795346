import fc from 'fast-check';
import { expect, it } from 'vitest';
import { EVENT_NAMES, EVENTS } from '../../src/shared/protocol/contract';
import { lifecycleSeed } from './fixtures/lifecycle-seed';
import { describeEngines, useTestServer, type TestClient } from './harness';

// Every event of the contract, and names that are not in it, fed generated payloads that the contract refuses: the
// answer is always 400 (or 404 for an unknown name), the server stays up, and nothing is logged as an unexpected
// failure. Generated payloads are checked against the schema first, so only malformed ones are sent.

const junk = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 40 }),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.anything({ maxDepth: 2 }), { maxLength: 4 }),
  fc.dictionary(fc.string({ maxLength: 12 }), fc.anything({ maxDepth: 2, withNullPrototype: true }), { maxKeys: 6 }),
  fc.dictionary(
    fc.constantFrom('identifier', 'email', 'password', 'otp', 'orgId', 'token', 'code', 'inviteCode', 'MFA', 'recoveryCode', 'device_token', '__proto__', 'constructor'),
    fc.oneof(fc.string({ unit: 'binary', maxLength: 300 }), fc.integer(), fc.constant(null), fc.object({ maxDepth: 2 })),
    { maxKeys: 5 },
  ),
);

describeEngines('the contract under generated malformed payloads', (engine) => {
  const app = useTestServer(engine, lifecycleSeed());

  it('answers every malformed payload with 400 and every unknown event with 404, and keeps serving', async () => {
    const since = app().logs.length;
    let client: TestClient | null = null;
    let sent = 0;
    // A fresh connection every 40 calls keeps each within its own call rate.
    const send = async (event: string, payload: unknown) => {
      if (!client || sent % 40 === 0) {
        client?.close();
        client = await app().connect();
      }
      sent += 1;
      return client.emit(event, payload);
    };

    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...EVENT_NAMES), junk, async (event, payload) => {
        // What arrives is the payload as JSON (undefined members and NaN do not survive the wire), and the server reads
        // a missing or null payload as {} (socket.io sends none for emit(event)).
        const wire = JSON.parse(JSON.stringify(payload)) as unknown;
        fc.pre(!EVENTS[event].payload.safeParse(wire ?? {}).success);
        const reply = await send(event, wire);
        expect(reply.event).toBe(event);
        expect(reply.code).toBe(400);
      }),
      { numRuns: engine === 'pglite' ? 400 : 300 },
    );
    await fc.assert(
      fc.asyncProperty(
        fc.string({ minLength: 1, maxLength: 60 }).filter((name) => !(EVENT_NAMES as string[]).includes(name) && !['connect', 'disconnect', 'connect_error', 'disconnecting', 'newListener', 'removeListener'].includes(name)),
        junk,
        async (name, payload) => {
          const reply = await send(name, payload);
          expect(reply.code).toBe(404);
        },
      ),
      { numRuns: 100 },
    );

    const logged = app().logs.slice(since).map((line) => JSON.parse(line) as { level: string; event: string });
    expect(logged.filter((line) => line.level === 'error')).toEqual([]);
    const fresh = await app().connect();
    await expect(fresh.call('getCompanyDetails', { orgId: 'alpha' })).resolves.toMatchObject({ company: 'Alpha Works' });
  });
});
