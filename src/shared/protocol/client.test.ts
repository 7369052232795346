import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { createCaller, type CallerContract, type SocketLike } from './client';
import { PORTAL_EVENTS } from './events';
import { SECURITY_EVENTS } from './security-events';
import { CallError } from './errors';

/** A socket whose server side is played by the test: it records what was emitted and can answer. */
function fakeSocket() {
  const bus = new EventEmitter();
  const sent: { event: string; payload: unknown; meta: { rid: string } }[] = [];
  const socket: SocketLike = {
    emit: (event, payload, meta) => sent.push({ event, payload, meta: meta as { rid: string } }),
    on: (event, listener) => bus.on(event, listener),
    off: (event, listener) => bus.off(event, listener),
  };
  const reply = (envelope: unknown) => bus.emit('response', envelope);
  return { socket, sent, reply };
}

describe('createCaller', () => {
  it('sends the parsed payload with a request id and resolves with the matching reply', async () => {
    const { socket, sent, reply } = fakeSocket();
    const { call } = createCaller(socket);
    const first = call('getCompanyDetails', { orgId: ' acme ' });
    const second = call('getCompanyDetails', { orgId: 'globex' });
    expect(sent.map((item) => item.payload)).toEqual([{ orgId: 'acme' }, { orgId: 'globex' }]);
    // Replies arrive out of order; each call still gets its own.
    reply({ event: 'getCompanyDetails', data: { company: 'Globex', companyLogo: null }, error: null, code: 200, rid: sent[1]!.meta.rid });
    reply({ event: 'getCompanyDetails', data: { company: 'Acme', companyLogo: '/a.svg' }, error: null, code: 200, rid: sent[0]!.meta.rid });
    await expect(first).resolves.toEqual({ company: 'Acme', companyLogo: '/a.svg' });
    await expect(second).resolves.toEqual({ company: 'Globex', companyLogo: null });
  });

  it('refuses a bad payload with code 400 without sending it', async () => {
    const { socket, sent } = fakeSocket();
    const { call } = createCaller(socket);
    const error = await call('login', { identifier: '', password: 'x', platform: 'web' }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(CallError);
    expect((error as CallError).code).toBe(400);
    expect((error as CallError).data?.fields).toContain('password');
    expect(sent).toHaveLength(0);
  });

  it('turns an error envelope into a CallError with its code, message and data', async () => {
    const { socket, sent, reply } = fakeSocket();
    const { call } = createCaller(socket);
    const pending = call('login', { identifier: 'ada', password: 'Admin@12345', platform: 'web' });
    reply({ event: 'login', data: { retryAfter: 900 }, error: 'Too many failed sign-in attempts. Try again in 15 minutes.', code: 429, rid: sent[0]!.meta.rid });
    await expect(pending).rejects.toMatchObject({ code: 429, message: 'Too many failed sign-in attempts. Try again in 15 minutes.', data: { retryAfter: 900 } });
  });

  it('fails with 500 when the reply does not match the contract, or never comes', async () => {
    const { socket, sent, reply } = fakeSocket();
    const { call } = createCaller(socket, { timeoutMs: 20 });
    const wrong = call('getCompanyDetails', { orgId: 'acme' });
    reply({ event: 'getCompanyDetails', data: { name: 'Acme' }, error: null, code: 200, rid: sent[0]!.meta.rid });
    await expect(wrong).rejects.toMatchObject({ code: 500 });
    await expect(call('getCompanyDetails', { orgId: 'acme' })).rejects.toMatchObject({ code: 500, message: expect.stringContaining('did not answer') });
  });

  it('ignores replies for another event or an unknown request id', async () => {
    const { socket, sent, reply } = fakeSocket();
    const { call } = createCaller(socket, { timeoutMs: 50 });
    const pending = call('getCompanyDetails', { orgId: 'acme' });
    reply({ event: 'login', data: {}, error: null, code: 200, rid: sent[0]!.meta.rid });
    reply({ event: 'getCompanyDetails', data: { company: 'X', companyLogo: null }, error: null, code: 200, rid: 'other' });
    await expect(pending).rejects.toMatchObject({ code: 500 });
  });

  it('knows the portal\'s events by default, and the security center\'s once its contract is added', async () => {
    const { socket, sent, reply } = fakeSocket();
    const contract: CallerContract = { ...PORTAL_EVENTS };
    const { call } = createCaller(socket, { contract });
    await expect(call('getSessionList', {})).rejects.toMatchObject({ code: 500, message: 'Unknown event getSessionList' });
    expect(sent).toHaveLength(0);
    Object.assign(contract, SECURITY_EVENTS);
    const pending = call('getSessionList', {});
    reply({ event: 'getSessionList', data: { list: [] }, error: null, code: 200, rid: sent[0]!.meta.rid });
    await expect(pending).resolves.toEqual({ list: [] });
    await expect(call('endSession', { sessionId: 'all' })).rejects.toMatchObject({ code: 400 });
  });
});
