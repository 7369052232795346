import * as z from 'zod';
import { UPLOAD_MAX_MEGABYTES } from '../../../shared/limits';
import { IMAGE_UPLOAD_PATH, ImageUploadReplySchema } from '../../../shared/protocol/admin-schemas';
import { ErrorCodeSchema } from '../../../shared/protocol/envelope';
import { CallError, ERROR_CODES } from '../../../shared/protocol/errors';
import { KIT_MESSAGES } from '../../../shared/validation/kit-messages';
import { platform } from '../../platform';
import { logout } from '../../session/logout';
import { useSessionStore } from '../../session/session-store';

// An image (a logo) goes over HTTP to IMAGE_UPLOAD_PATH, not over the socket, whose messages are limited to 64 KB; the
// admin events then attach it by the id the upload returns.
export { IMAGE_UPLOAD_PATH };

/** The reply's envelope, as `/oauth2/*` answer: `{data: {imageId}, error: null, code: 200}` or `{error, code}`. */
const UploadReplySchema = z.union([
  z.object({ data: ImageUploadReplySchema, error: z.null(), code: z.literal(200) }),
  z.object({ error: z.string().min(1), code: ErrorCodeSchema }),
]);

const UNREACHABLE = 'The portal could not be reached. Check your connection and try again.';

/**
 * Sends one image to the account server (the origin the socket uses, so the desktop apps reach it too) with the
 * session's token as a bearer, and returns the id to attach it by. Every failure is a CallError with the server's
 * message (a 401 signs out, as a call's does).
 */
export async function uploadImage(file: File, fetchImpl: typeof fetch = fetch): Promise<string> {
  const token = useSessionStore.getState().token;
  let response: Response;
  try {
    response = await fetchImpl(`${platform.serverOrigin()}${IMAGE_UPLOAD_PATH}`, {
      method: 'POST',
      headers: { Authorization: `Bearer ${token ?? ''}`, 'Content-Type': file.type || 'application/octet-stream', Accept: 'application/json' },
      body: file,
    });
  } catch {
    throw new CallError(ERROR_CODES.INTERNAL, UNREACHABLE);
  }
  const parsed = UploadReplySchema.safeParse(await response.json().catch(() => null));
  if (!parsed.success) {
    // A proxy's own page (a body too large for it, a gateway error): say what we know, never its text.
    if (response.status === 413) throw new CallError(ERROR_CODES.BAD_REQUEST, KIT_MESSAGES.filesTooLarge(UPLOAD_MAX_MEGABYTES));
    throw new CallError(ERROR_CODES.INTERNAL, UNREACHABLE);
  }
  if ('data' in parsed.data) return parsed.data.data.imageId;
  if (parsed.data.code === ERROR_CODES.UNAUTHENTICATED) void logout('session-ended');
  throw new CallError(parsed.data.code, parsed.data.error);
}

/** An image path the server gave (`/images/{id}`) as a URL this renderer can load, in a browser or a desktop app. */
export function imageUrl(url: string | null | undefined): string | null {
  if (!url) return null;
  return url.startsWith('/') && !url.startsWith('//') ? `${platform.serverOrigin()}${url}` : url;
}
