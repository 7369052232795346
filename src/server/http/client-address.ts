import type { IncomingMessage } from 'node:http';
import proxyaddr from 'proxy-addr';

/**
 * TRUST_PROXY, compiled: nothing (the socket's own peer is the client), a number of proxy hops in front of the
 * server, or the addresses of the proxies (IPs, CIDRs, or proxy-addr's names loopback, linklocal, uniquelocal).
 */
export type ProxyTrust = { kind: 'none' } | { kind: 'hops'; hops: number } | { kind: 'addresses'; addresses: string[] };

export type TrustFunction = (address: string, hop: number) => boolean;

/** The trust function of proxy-addr (Express's `trust proxy`), so HTTP requests and sockets see the same address. */
export function trustFunction(trust: ProxyTrust): TrustFunction {
  if (trust.kind === 'none') return () => false;
  if (trust.kind === 'hops') return (_address, hop) => hop < trust.hops;
  return proxyaddr.compile(trust.addresses);
}

/**
 * The client's address behind trusted proxies: walking X-Forwarded-For from the right, the first hop that is not a
 * trusted proxy. A value the client wrote into the header is left of that and never chosen (proxy-addr's rule, as in
 * Express).
 */
export function clientAddress(request: IncomingMessage, trust: TrustFunction): string | null {
  if (!request.socket?.remoteAddress) return null;
  return proxyaddr(request, trust) || null;
}
