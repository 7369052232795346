import { createServer } from 'node:net';

/** A port of 127.0.0.1 that is free now: for a server whose own address must be known before it starts (an issuer URL). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}
