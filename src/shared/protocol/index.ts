/** The socket and HTTP contract shared by the renderer and the account server. */
export * from './errors';
export * from './schema-failure';
export * from './envelope';
export * from './events';
export * from './policy';
export * from './schemas';
export * from './http';
export * from './client';
