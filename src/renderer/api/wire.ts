/**
 * Loads what the socket needs once it opens (`wire-contract.ts`: socket.io-client, the typed caller and the portal's
 * event contract with its zod schemas), after the first paint, in three steps, each in a task of its own: building
 * zod and the contract's schemas is long work for a phone's main thread (a third of a second at Lighthouse's mobile
 * slowdown), which in one piece would keep the page from answering a tap meanwhile (npm run bench -- tbt). First zod
 * with the reply envelope, then the shared schemas, then the events, the caller and socket.io-client. The steps live
 * here, in a lazy chunk, rather than in the entry, which /login's budget counts (scripts/login-bundle.mjs).
 */
export async function loadWireContract(): Promise<typeof import('./wire-contract')> {
  await import('../../shared/protocol/envelope');
  await nextTask();
  await import('../../shared/protocol/schemas');
  await nextTask();
  return import('./wire-contract');
}

/** Lets the browser paint and answer input before the next piece of work. */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));
