import type { Logger } from '../log';

/** How a lost connection (or a crashed PGlite thread) is logged: one warning; the pool or the thread recovers by itself. */
export const databaseLost = (log: Logger) => (error: Error) => log.warn('database.connection-lost', { error: error.message });
