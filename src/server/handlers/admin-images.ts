import { storeImage } from '../organizations/images';
import type { HttpHandlerMap } from '../pipeline/context';
import type { Services } from '../services';

/**
 * POST /uploads/images (HTTP: socket.io reads at most 64 KB a message): an admin's logo upload. The `imageUpload`
 * budget is spent before the bytes are looked at; the domain (organizations/images.ts) checks the caller administers
 * an organization and reads the type from the bytes.
 */
export function adminImageHandlers(services: Services): HttpHandlerMap {
  const { db, log } = services;
  return {
    async uploadImage({ body }, ctx) {
      const imageId = await storeImage(db, ctx.user, ctx.ip, body);
      log.info('admin.image-uploaded', { by: ctx.user.id, imageId, bytes: body.byteLength });
      return { imageId };
    },
  };
}
