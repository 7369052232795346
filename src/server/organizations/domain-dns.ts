import { Resolver } from 'node:dns/promises';

/** What a TXT lookup found: the records' values (each record's strings joined), none, or no answer from DNS. */
export type TxtAnswer = { kind: 'records'; values: string[] } | { kind: 'none' } | { kind: 'unreachable'; code: string };

/** Looks TXT records up by name. */
export interface TxtResolver {
  lookup(name: string): Promise<TxtAnswer>;
}

/** Answers that say the name has no TXT record (the name, or the record, does not exist). */
const NO_RECORD = new Set(['ENOTFOUND', 'ENODATA']);

/**
 * The resolver a domain's TXT record is checked with: node:dns (c-ares, real DNS on the wire, not the system's
 * getaddrinfo) with DNS_SERVERS' addresses, or the system's resolvers without it. About 5 seconds at most: 2 seconds
 * a try, 2 tries, so a console's "Check now" never hangs on a dead server.
 */
export function createTxtResolver(servers: readonly string[] | null): TxtResolver {
  const resolver = new Resolver({ timeout: 2000, tries: 2 });
  if (servers) resolver.setServers([...servers]);
  return {
    async lookup(name) {
      try {
        const records = await resolver.resolveTxt(name);
        return { kind: 'records', values: records.map((chunks) => chunks.join('')) };
      } catch (error) {
        const code = (error as { code?: string }).code ?? 'EUNKNOWN';
        return NO_RECORD.has(code) ? { kind: 'none' } : { kind: 'unreachable', code };
      }
    },
  };
}
