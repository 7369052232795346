/** Scheme, host and port of a URL as one comparable string; null for a URL that does not parse. */
export function originOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    // Node's URL reports 'null' as the origin of custom schemes such as app://portal, so build it by hand.
    return `${parsed.protocol}//${parsed.host}`;
  } catch {
    return null;
  }
}

/** True when `url` is on one of `origins` (each given as a URL or origin). */
export function isOnOrigin(url: string, origins: readonly string[]): boolean {
  const origin = originOf(url);
  return origin !== null && origins.some((allowed) => originOf(allowed) === origin);
}
