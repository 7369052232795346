/** A browser's cookie jar, enough for the stand-in's interaction cookies. */
class CookieJar {
  private cookies = new Map<string, string>();
  take(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(';');
      const at = pair!.indexOf('=');
      this.cookies.set(pair!.slice(0, at).trim(), pair!.slice(at + 1).trim());
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}

/**
 * What a person does in the popup, with fetch: from `start` (the provider's authorization URL, or the portal's
 * /auth/ms/login that redirects there) follows the redirects, signs in on the stand-in's page as `email` (with or
 * without its second factor, or cancels), and stops at the redirect back to the portal's callback (`callbackPath`,
 * Microsoft's by default). Returns its query.
 */
export async function walkToCallback(start: string, options: { email: string; mfa?: boolean; cancel?: boolean; callbackPath?: string }): Promise<URLSearchParams> {
  const callbackPath = options.callbackPath ?? '/auth/ms/callback';
  const jar = new CookieJar();
  let url = new URL(start);
  for (let hop = 0; hop < 12; hop += 1) {
    if (url.pathname === callbackPath) return url.searchParams;
    let response: Response;
    if (url.pathname.startsWith('/interaction/')) {
      const form = new URLSearchParams({ email: options.email, action: options.cancel ? 'cancel' : 'next', ...(options.mfa ? { mfa: 'on' } : {}) });
      response = await fetch(url, { method: 'POST', body: form, headers: { cookie: jar.header() }, redirect: 'manual' });
    } else {
      response = await fetch(url, { headers: { cookie: jar.header() }, redirect: 'manual' });
    }
    jar.take(response);
    const location = response.headers.get('location');
    if (!location) throw new Error(`stopped at ${url.pathname} with ${response.status}: ${(await response.text()).slice(0, 200)}`);
    url = new URL(location, url);
  }
  throw new Error('too many redirects');
}
