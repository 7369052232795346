import { createHash } from 'node:crypto';
import { and, eq, isNotNull, isNull, sql } from 'drizzle-orm';
import { CallError, ERROR_CODES } from '../../shared/protocol';
import { UPLOAD_DEFAULTS } from '../../shared/limits';
import { KIT_MESSAGES } from '../../shared/validation/kit-messages';
import { membershipsOf, reachableFrom } from '../accounts/queries';
import type { AdminActor } from '../audit/audit-log';
import type { Db } from '../db/client';
import { images } from '../db/schema';

/** The largest image accepted (the kit's upload default, spec section 9: 3 MB). */
export const IMAGE_MAX_BYTES = UPLOAD_DEFAULTS.maxMegabytes * 1024 * 1024;

/** Where an attached image is served: `/images/{id}` (organizations.logo_url and oauth_clients.logo_url hold this path). */
export const IMAGE_PATH = '/images/';

/** An unattached image is deleted this long after its upload. */
export const UNATTACHED_IMAGE_SECONDS = 60 * 60;

/** What the file's bytes say it is → the type it is served with. Raster images only: an SVG can carry script. */
const ACCEPTED: Record<string, string> = {
  'image/png': 'image/png',
  'image/apng': 'image/png',
  'image/jpeg': 'image/jpeg',
  'image/gif': 'image/gif',
  'image/webp': 'image/webp',
};

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

const NOT_AN_ADMIN = 'Only an administrator of an organization can upload images.';
const NOT_USABLE = 'This image cannot be used: upload it again.';

/**
 * Stores an uploaded image for an admin of at least one organization reachable from their address: its type is read
 * from its bytes (file-type), never from what the client declared, and only PNG, JPEG, GIF and WebP are kept (400
 * 'Unsupported File.' otherwise, an SVG or an executable renamed .png included). It is served once an admin
 * attaches it (a logo); unattached, it is deleted after an hour. Returns its id.
 */
export async function storeImage(db: Db, uploader: { id: string }, ip: string | null, bytes: Uint8Array): Promise<string> {
  const administers = reachableFrom(await membershipsOf(db, uploader.id), ip).some((membership) => membership.role === 'admin');
  if (!administers) throw new CallError(ERROR_CODES.FORBIDDEN, NOT_AN_ADMIN);
  if (bytes.byteLength > IMAGE_MAX_BYTES) throw new CallError(ERROR_CODES.BAD_REQUEST, KIT_MESSAGES.filesTooLarge(UPLOAD_DEFAULTS.maxMegabytes), { fields: ['body'] });
  // file-type is ESM and sizeable: loaded with the first upload, not at start.
  const { fileTypeFromBuffer } = await import('file-type/core');
  const sniffed = bytes.byteLength === 0 ? undefined : await fileTypeFromBuffer(bytes);
  const contentType = sniffed ? ACCEPTED[sniffed.mime] : undefined;
  if (!contentType) throw new CallError(ERROR_CODES.BAD_REQUEST, KIT_MESSAGES.unsupportedFile, { fields: ['body'] });
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  const [row] = await db
    .insert(images)
    .values({ uploadedBy: uploader.id, contentType, data: data.toString('base64'), byteSize: data.byteLength, sha256: createHash('sha256').update(data).digest('hex') })
    .returning({ id: images.id });
  return row!.id;
}

/**
 * Puts an uploaded image to use in an organization (its logo, an app's logo), in the change's transaction: only an
 * image the acting admin uploaded and that is not in use yet (400 otherwise, at `path`). Returns the path it is served at.
 */
export async function attachImage(tx: Db, imageId: string, organizationId: string, actor: AdminActor, path: string): Promise<string> {
  const uploader = actor.kind === 'user' ? actor.user.id : null;
  const [row] = uploader
    ? await tx
        .update(images)
        .set({ attachedAt: sql`now()`, organizationId })
        .where(and(eq(images.id, imageId), eq(images.uploadedBy, uploader), isNull(images.attachedAt)))
        .returning({ id: images.id })
    : [];
  if (!row) throw new CallError(ERROR_CODES.BAD_REQUEST, NOT_USABLE, { fields: [path], issues: [{ path, message: NOT_USABLE }] });
  return `${IMAGE_PATH}${row.id}`;
}

/** Deletes the uploaded image a logo URL names, when it names one (a replaced or removed logo): nothing else uses it. */
export async function releaseImage(tx: Db, url: string | null): Promise<void> {
  const id = url?.startsWith(IMAGE_PATH) ? url.slice(IMAGE_PATH.length) : null;
  if (id && UUID.test(id)) await tx.delete(images).where(eq(images.id, id));
}

/** An attached image's bytes and type, for GET /images/{id}; null for one unknown, malformed or not in use. */
export async function findServedImage(db: Db, id: string): Promise<{ contentType: string; bytes: Buffer } | null> {
  if (!UUID.test(id)) return null;
  const [row] = await db
    .select({ contentType: images.contentType, data: images.data })
    .from(images)
    .where(and(eq(images.id, id), isNotNull(images.attachedAt)));
  return row ? { contentType: row.contentType, bytes: Buffer.from(row.data, 'base64') } : null;
}

/** Images uploaded and never attached within the hour: deleted now and then (server.ts) by one statement. */
export async function deleteUnattachedImages(db: Db): Promise<number> {
  const deleted = await db
    .delete(images)
    .where(and(isNull(images.attachedAt), sql`${images.createdAt} < now() - make_interval(secs => ${UNATTACHED_IMAGE_SECONDS})`))
    .returning({ id: images.id });
  return deleted.length;
}
