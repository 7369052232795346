import express, { type Router } from 'express';
import type { DeviceTrustReply } from '../../shared/protocol/trusted-device-schemas';
import { DEVICE_TRUST_PATH } from '../../shared/protocol/trusted-device-schemas';
import { desktopAppOf } from '../auth/device';
import type { Logger } from '../log';
import type { Pipeline } from '../pipeline/pipeline';
import { DEVICE_COOKIE, TRUSTED_DEVICE_SECONDS } from '../sign-in/trusted-devices';
import { jsonBody, pipelineRoute } from './pipeline-route';

/**
 * POST /device-trust (same origin, JSON): `deviceTrust` through the HTTP pipeline; its token becomes the
 * `portal_device` cookie (HttpOnly, so no script can read it; SameSite=Lax; Secure unless PUBLIC_URL is plain http,
 * as in local tests). A desktop app, which keeps it in its keychain and sends it in the socket handshake, also gets it
 * in the body; a browser never does.
 */
export function deviceTrustRouter(pipeline: Pipeline, log: Logger, publicUrl: string): Router {
  const router = express.Router();
  const secure = new URL(publicUrl).protocol === 'https:';
  router.post(
    DEVICE_TRUST_PATH,
    ...jsonBody(),
    pipelineRoute(pipeline, 'deviceTrust', log, {
      onSuccess: (data, req, res) => {
        const { token, expiresAt } = data as DeviceTrustReply;
        res.cookie(DEVICE_COOKIE, token, { httpOnly: true, secure, sameSite: 'lax', path: '/', maxAge: TRUSTED_DEVICE_SECONDS * 1000 });
        return desktopAppOf(req.get('user-agent') ?? null) ? { expiresAt, token } : { expiresAt };
      },
    }),
  );
  return router;
}
