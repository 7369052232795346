const BASE = 'https://portal.invalid';

/** Browsers drop tabs and newlines inside URLs and treat '\' like '/', which would turn '/\t/evil' or '/\evil' into '//evil'. */
function hasUnsafeCharacter(value: string): boolean {
  for (const character of value) {
    const code = character.charCodeAt(0);
    if (code < 0x20 || code === 0x7f || character === '\\') return true;
  }
  return false;
}

/**
 * A stored previous URL is followed only when it is a path on this origin: it must start with exactly one '/'.
 * Returns the normalised path with its query and hash, or null for anything else (other origins, '//host', 'javascript:').
 */
export function safeInternalPath(raw: string | null | undefined): string | null {
  if (!raw || !raw.startsWith('/') || raw.startsWith('//') || hasUnsafeCharacter(raw)) return null;
  let url: URL;
  try {
    url = new URL(raw, BASE);
  } catch {
    return null;
  }
  if (url.origin !== BASE) return null;
  return `${url.pathname}${url.search}${url.hash}`;
}
