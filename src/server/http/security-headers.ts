import type { RequestHandler } from 'express';
import helmet from 'helmet';
import { socketOriginOf } from '../../shared/protocol/http';
import type { ServerConfig } from '../config';

/**
 * Security headers on every reply: a strict Content-Security-Policy (scripts and styles only from this origin,
 * no framing), no-sniff, no referrer leaks, and HSTS only when the portal is served over https.
 */
export function securityHeaders(config: ServerConfig): RequestHandler {
  const https = config.publicUrl.startsWith('https://');
  // The portal's socket is a WebSocket to its own origin. CSP 3 counts ws:/wss: of this host as 'self', but older
  // Safari does not, so the public origin is named as well.
  const socketOrigin = socketOriginOf(new URL(config.publicUrl).origin);
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'"],
        imgSrc: ["'self'", 'data:', 'blob:', 'https:'],
        fontSrc: ["'self'"],
        connectSrc: ["'self'", socketOrigin],
        objectSrc: ["'none'"],
        baseUri: ["'none'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    strictTransportSecurity: https ? { maxAge: 31_536_000, includeSubDomains: true } : false,
    xContentTypeOptions: true,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'no-referrer' },
    crossOriginOpenerPolicy: false,
  });
}
