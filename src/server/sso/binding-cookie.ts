/** The cookie that ties a company sign-in to the browser that started it (HttpOnly, SameSite=Lax, 10 minutes). */
export const SSO_BINDING_COOKIE = 'portal_sso';

const BINDING_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** The `portal_sso` cookie's value in a Cookie header, when it has the shape of a binding. */
export function ssoBindingOfCookie(header: string | undefined | null): string | null {
  if (!header) return null;
  for (const part of header.split(';')) {
    const [name, ...rest] = part.trim().split('=');
    if (name === SSO_BINDING_COOKIE) {
      const value = rest.join('=');
      return BINDING_PATTERN.test(value) ? value : null;
    }
  }
  return null;
}
