import { extname, join } from 'node:path';
import express, { Router } from 'express';

/** URL prefix of the update feeds: /updates/{channel}/{file}, one channel (folder) per desktop app. */
export const UPDATES_PATH = '/updates';

/** A channel is one folder name: lower-case letters, digits and dashes (chat, track, chat-beta …). */
const CHANNEL = /^[a-z0-9][a-z0-9-]{0,39}$/;

/** Content types of electron-builder's release files; anything else is served as bytes. */
const CONTENT_TYPES: Record<string, string> = {
  '.yml': 'text/yaml; charset=utf-8',
  '.yaml': 'text/yaml; charset=utf-8',
  '.exe': 'application/vnd.microsoft.portable-executable',
  '.dmg': 'application/x-apple-diskimage',
  '.zip': 'application/zip',
  '.appimage': 'application/vnd.appimage',
  '.deb': 'application/vnd.debian.binary-package',
  '.blockmap': 'application/octet-stream',
};

/**
 * The desktop apps' update feeds (electron-updater's generic provider): the files of `dir/{channel}/` as they are,
 * with their content types, byte ranges for differential downloads, no directory listing and no dotfiles. The feed
 * files (latest*.yml) are revalidated on every check; release files, whose names carry the version, are cached.
 * Without a folder every request gets 404.
 */
export function updatesRouter(dir: string | null): Router {
  const router = Router();
  router.use(`${UPDATES_PATH}/:channel`, (req, res, next) => {
    const channel = req.params['channel'] ?? '';
    if (!dir || !CHANNEL.test(channel) || req.path === '/' || req.path.endsWith('/')) {
      res.status(404).type('text/plain').send('Not found');
      return;
    }
    if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.status(405).set('Allow', 'GET, HEAD').type('text/plain').send('Method not allowed');
      return;
    }
    express.static(join(dir, channel), {
      index: false,
      redirect: false,
      dotfiles: 'deny',
      fallthrough: false,
      setHeaders: (reply, path) => {
        const extension = extname(path).toLowerCase();
        reply.set('Content-Type', CONTENT_TYPES[extension] ?? 'application/octet-stream');
        reply.set('Cache-Control', extension === '.yml' || extension === '.yaml' ? 'no-cache' : 'public, max-age=86400');
      },
    })(req, res, next);
  });
  return router;
}
