import express, { type ErrorRequestHandler, type Router } from 'express';
import { ERROR_CODES } from '../../shared/protocol';
import { IMAGE_UPLOAD_PATH } from '../../shared/protocol/admin-schemas';
import { UPLOAD_DEFAULTS } from '../../shared/limits';
import { KIT_MESSAGES } from '../../shared/validation/kit-messages';
import type { Db } from '../db/client';
import type { Logger } from '../log';
import { findServedImage, IMAGE_MAX_BYTES, IMAGE_PATH } from '../organizations/images';
import type { Pipeline } from '../pipeline/pipeline';
import { pipelineRoute } from './pipeline-route';

/**
 * The admin console's images over HTTP (socket.io reads messages of at most 64 KB): POST /uploads/images takes a
 * file's bytes as the body and runs `uploadImage` through the HTTP pipeline (session from the bearer token, the
 * `imageUpload` budget, the `{data, error, code}` envelope); GET /images/{id} serves an attached image with the type
 * its bytes were found to be, cached for good (an image never changes: a new logo is a new id) and never sniffed.
 */
export function imagesRouter(db: Db, pipeline: Pipeline, log: Logger): Router {
  const router = express.Router();
  // Above the limit the body is not read at all; any other unreadable body is refused the same way, in the envelope.
  const tooLarge: ErrorRequestHandler = (error: { status?: number; type?: string }, _req, res, next) => {
    if (error.status === undefined || error.status >= 500) return next(error);
    const message = error.type === 'entity.too.large' ? KIT_MESSAGES.filesTooLarge(UPLOAD_DEFAULTS.maxMegabytes) : KIT_MESSAGES.unsupportedFile;
    res.status(ERROR_CODES.BAD_REQUEST).set('Cache-Control', 'no-store').json({ data: { fields: ['body'] }, error: message, code: ERROR_CODES.BAD_REQUEST });
  };
  router.post(IMAGE_UPLOAD_PATH, express.raw({ limit: IMAGE_MAX_BYTES, type: () => true }), tooLarge, pipelineRoute(pipeline, 'uploadImage', log));

  router.get(`${IMAGE_PATH}:id`, async (req, res, next) => {
    try {
      const image = await findServedImage(db, req.params.id);
      res.set('X-Content-Type-Options', 'nosniff');
      if (!image) {
        res.status(404).set('Cache-Control', 'no-store').type('text/plain').send('Not found');
        return;
      }
      res
        .status(200)
        .set({
          'Content-Type': image.contentType,
          'Cache-Control': 'public, max-age=31536000, immutable',
          // Logos are public (getCompanyDetails names them): product hosts may show them too.
          'Cross-Origin-Resource-Policy': 'cross-origin',
          'Content-Security-Policy': "default-src 'none'; sandbox",
        })
        .send(image.bytes);
    } catch (error) {
      next(error);
    }
  });
  return router;
}
