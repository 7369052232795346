import type { Request, Response } from 'express';
import { describe, expect, it } from 'vitest';
import type { ServerConfig } from '../config';
import { securityHeaders } from './security-headers';

/** The headers the middleware sets on a reply, by lower-case name. */
function headersFor(publicUrl: string): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = { setHeader: (name: string, value: string) => (headers[name.toLowerCase()] = String(value)), removeHeader: () => undefined };
  securityHeaders({ publicUrl } as ServerConfig)({} as Request, response as unknown as Response, () => undefined);
  return headers;
}

describe('security headers', () => {
  it("lets the page open its WebSocket to the portal's public origin, and nothing else", () => {
    expect(headersFor('https://portal.example.com/')['content-security-policy']).toContain("connect-src 'self' wss://portal.example.com;");
    expect(headersFor('http://localhost:3000')['content-security-policy']).toContain("connect-src 'self' ws://localhost:3000;");
  });

  it('sends HSTS only when the portal is served over https', () => {
    expect(headersFor('https://portal.example.com')['strict-transport-security']).toContain('max-age=31536000');
    expect(headersFor('http://localhost:3000')['strict-transport-security']).toBeUndefined();
  });
});
