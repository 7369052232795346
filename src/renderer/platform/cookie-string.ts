import type { CookieWriteOptions } from './platform';

/** The `document.cookie` assignment for one portal cookie: path=/ and SameSite=Lax always, Secure on https pages. */
export function serializeCookie(name: string, value: string, options: CookieWriteOptions & { secure: boolean }): string {
  const parts = [`${name}=${encodeURIComponent(value)}`, `Max-Age=${Math.max(0, Math.floor(options.maxAgeSeconds))}`, 'Path=/', 'SameSite=Lax'];
  if (options.domain) parts.push(`Domain=${options.domain}`);
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** One cookie's value out of a `document.cookie` string, or null when it is absent. */
export function readCookie(cookieString: string, name: string): string | null {
  for (const pair of cookieString.split(';')) {
    const index = pair.indexOf('=');
    if (index < 0 || pair.slice(0, index).trim() !== name) continue;
    const raw = pair.slice(index + 1).trim();
    try {
      return decodeURIComponent(raw);
    } catch {
      // Another product may have written a value that is not URI-encoded; it is still the value.
      return raw;
    }
  }
  return null;
}
