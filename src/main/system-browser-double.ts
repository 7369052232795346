// Test support for the loopback sign-ins (passkey-loopback.test.ts, company-loopback.test.ts); no main code imports it.

/**
 * Plays the system browser: remembers the page it was asked to open (`openExternal`), and later comes back to the
 * app's loopback listener at `callbackPath` with a query, as the portal's page would send it.
 */
export function systemBrowser(callbackPath: string) {
  const opened: string[] = [];
  const page = () => new URL(opened[0]!);
  return {
    opened,
    page,
    openExternal: async (url: string) => void opened.push(url),
    returnTo: (query: Record<string, string>) => fetch(`http://127.0.0.1:${page().searchParams.get('loopback')}${callbackPath}?${new URLSearchParams(query).toString()}`),
  };
}

/** Waits (up to a second) until `check` holds. */
export const until = async (check: () => boolean) => {
  for (let i = 0; i < 100 && !check(); i += 1) await new Promise((resolve) => setTimeout(resolve, 10));
};
