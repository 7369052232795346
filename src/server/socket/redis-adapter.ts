import type { Server } from 'socket.io';

/**
 * With REDIS_URL, the instances behind a load balancer share socket.io through @socket.io/redis-adapter (rooms and
 * broadcasts reach every instance), under the deployment's own channel prefix. Resolves with what closes it.
 */
export async function shareSocketsThroughRedis(io: Server, url: string, namespace: string): Promise<() => Promise<void>> {
  // Loaded only when REDIS_URL is set: a single instance does not carry the Redis client in memory.
  const [{ createAdapter }, { Redis }] = await Promise.all([import('@socket.io/redis-adapter'), import('ioredis')]);
  const publisher = new Redis(url, { maxRetriesPerRequest: 2 });
  const subscriber = publisher.duplicate();
  io.adapter(createAdapter(publisher, subscriber, { key: `${namespace}:socket.io` }));
  return async () => {
    await Promise.allSettled([publisher.quit(), subscriber.quit()]);
  };
}
