import dns2 from 'dns2';

const { Packet } = dns2;

/** A DNS server on 127.0.0.1 (UDP) whose TXT records a test sets: the portal's DNS_SERVERS in tests. */
export interface TestDnsServer {
  /** `127.0.0.1:{port}`, as DNS_SERVERS takes it. */
  address: string;
  /** TXT records by name (lower case): each value is one record. Names without records answer NXDOMAIN. */
  txt: Map<string, string[]>;
  /** Names answered SERVFAIL, as a broken or unreachable authoritative server looks to a resolver. */
  failing: Set<string>;
  close(): Promise<void>;
  /** Lets the process end while it still listens (a runner's service). */
  unref(): void;
}

interface DnsServerOptions {
  /** The UDP port; a free one by default. */
  port?: number;
  /** Where TXT records come from besides `txt` (the e2e runner reads them from a file its specs write). */
  lookup?: (name: string) => string[] | undefined;
}

/**
 * Starts the stand-in DNS server (dns2, pure JavaScript: no binary, no root, no port 53), so the portal's real
 * node:dns resolver asks it over the wire exactly as it would ask a public resolver.
 */
export async function startDnsServer({ port = 0, lookup }: DnsServerOptions = {}): Promise<TestDnsServer> {
  const txt = new Map<string, string[]>();
  const failing = new Set<string>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name.toLowerCase() ?? '';
      const records = txt.get(name) ?? lookup?.(name);
      if (failing.has(name)) {
        response.header.rcode = Packet.RCODE.SERVFAIL;
      } else if (question?.type === Packet.TYPE.TXT && records) {
        for (const value of records) {
          // The typings ask for the decoder's `toBuffer`; the encoder takes plain records, as dns2's own examples push them.
          response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data: value } as (typeof response.answers)[number]);
        }
      } else {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
      }
      void send(response);
    },
  });
  const { udp } = await server.listen({ udp: { port, address: '127.0.0.1' } });
  // dns2's server keeps its UDP socket (a dgram.Socket) in `servers`, which its typings leave out.
  const socket = (server as unknown as { servers: { udp?: { unref(): void } } }).servers.udp;
  return { address: `127.0.0.1:${udp!.port}`, txt, failing, close: () => server.close(), unref: () => socket?.unref() };
}
