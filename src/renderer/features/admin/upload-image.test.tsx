import { beforeEach, describe, expect, it, vi } from 'vitest';
import { CallError } from '../../../shared/protocol/errors';
import { useSessionStore } from '../../session/session-store';

const logout = vi.hoisted(() => vi.fn(() => Promise.resolve()));
vi.mock('../../session/logout', () => ({ logout }));

const { uploadImage, imageUrl, IMAGE_UPLOAD_PATH } = await import('./upload-image');

const IMAGE_ID = '00000000-0000-4000-8000-0000000000aa';
const png = new File([new Uint8Array([137, 80, 78, 71])], 'logo.png', { type: 'image/png' });
const replyWith = (body: unknown, status = 200) => vi.fn(async () => new Response(typeof body === 'string' ? body : JSON.stringify(body), { status })) as unknown as typeof fetch;

beforeEach(() => {
  logout.mockClear();
  useSessionStore.setState({ token: 'session-token' });
});

describe('uploadImage', () => {
  it('posts the bytes to the server the socket uses, with the session as a bearer, and returns the image id', async () => {
    const fetchImpl = replyWith({ data: { imageId: IMAGE_ID }, error: null, code: 200 });
    await expect(uploadImage(png, fetchImpl)).resolves.toBe(IMAGE_ID);
    expect(fetchImpl).toHaveBeenCalledWith(`${window.location.origin}${IMAGE_UPLOAD_PATH}`, {
      method: 'POST',
      headers: { Authorization: 'Bearer session-token', 'Content-Type': 'image/png', Accept: 'application/json' },
      body: png,
    });
  });

  it("fails with the server's words and code; a 401 signs out", async () => {
    const refused = uploadImage(png, replyWith({ data: null, error: 'Only PNG, JPEG, GIF or WebP images.', code: 400 }, 400));
    await expect(refused).rejects.toEqual(new CallError(400, 'Only PNG, JPEG, GIF or WebP images.'));
    expect(logout).not.toHaveBeenCalled();
    await expect(uploadImage(png, replyWith({ data: null, error: 'Your session has ended. Please sign in again.', code: 401 }, 401))).rejects.toBeInstanceOf(CallError);
    expect(logout).toHaveBeenCalledWith('session-ended');
  });

  it("never shows a proxy's page: a body too large says the kit's limit, anything else that the portal could not be reached", async () => {
    await expect(uploadImage(png, replyWith('<html>413 Request Entity Too Large</html>', 413))).rejects.toThrow('Files must smaller than 3MB!');
    await expect(uploadImage(png, replyWith('<html>502 Bad Gateway</html>', 502))).rejects.toThrow('The portal could not be reached. Check your connection and try again.');
    const offline = vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))) as unknown as typeof fetch;
    await expect(uploadImage(png, offline)).rejects.toThrow('The portal could not be reached. Check your connection and try again.');
  });

  it('shows an image the server serves from its own origin, and leaves an absolute URL alone', () => {
    expect(imageUrl(`/images/${IMAGE_ID}`)).toBe(`${window.location.origin}/images/${IMAGE_ID}`);
    expect(imageUrl('https://cdn.example.com/logo.png')).toBe('https://cdn.example.com/logo.png');
    expect(imageUrl(null)).toBeNull();
  });
});
