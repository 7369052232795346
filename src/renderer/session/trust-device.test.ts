// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest';
import { trustThisDevice } from './trust-device';

import { platform } from '../platform';

describe('trustThisDevice in a browser', () => {
  it('posts the grant as JSON with the credentials, so the server can set the HttpOnly cookie', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify({ data: { expiresAt: '2026-12-27T04:00:00.000Z' }, error: null, code: 200 }), { status: 200 }));
    await expect(trustThisDevice('g'.repeat(43), fetchImpl as unknown as typeof fetch)).resolves.toBe(true);
    const [url, init] = fetchImpl.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toMatch(/\/device-trust$/);
    expect(init).toMatchObject({ method: 'POST', credentials: 'include', body: JSON.stringify({ grant: 'g'.repeat(43) }) });
    // The cookie is the browser's token: no script holds it, and the handshake sends none of its own.
    expect(platform.deviceToken()).toBeNull();
  });
  it('answers false for a refused grant or no connection, never throwing: the sign-in goes on', async () => {
    const refused = vi.fn(async () => new Response('{}', { status: 403 }));
    await expect(trustThisDevice('g'.repeat(43), refused as unknown as typeof fetch)).resolves.toBe(false);
    const offline = vi.fn(async () => Promise.reject(new TypeError('Failed to fetch')));
    await expect(trustThisDevice('g'.repeat(43), offline as unknown as typeof fetch)).resolves.toBe(false);
  });
});
