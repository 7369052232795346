import dns2 from 'dns2';

const { Packet } = dns2;

/** A DNS server on 127.0.0.1 (UDP, a free port) whose TXT records a test sets: the portal's DNS_SERVERS in tests. */
export interface TestDnsServer {
  /** `127.0.0.1:{port}`, as DNS_SERVERS takes it. */
  address: string;
  /** TXT records by name (lower case): each value is one record. Names without records answer NXDOMAIN. */
  txt: Map<string, string[]>;
  /** Names answered SERVFAIL, as a broken or unreachable authoritative server looks to a resolver. */
  failing: Set<string>;
  close(): Promise<void>;
}

/**
 * Starts the stand-in DNS server (dns2, pure JavaScript: no binary, no root, no port 53), so the portal's real
 * node:dns resolver asks it over the wire exactly as it would ask a public resolver.
 */
export async function startDnsServer(): Promise<TestDnsServer> {
  const txt = new Map<string, string[]>();
  const failing = new Set<string>();
  const server = dns2.createServer({
    udp: true,
    handle: (request, send) => {
      const response = Packet.createResponseFromRequest(request);
      const [question] = request.questions;
      const name = question?.name.toLowerCase() ?? '';
      if (failing.has(name)) {
        response.header.rcode = Packet.RCODE.SERVFAIL;
      } else if (question?.type === Packet.TYPE.TXT && txt.has(name)) {
        for (const value of txt.get(name)!) {
          // The typings ask for the decoder's `toBuffer`; the encoder takes plain records, as dns2's own examples push them.
          response.answers.push({ name: question.name, type: Packet.TYPE.TXT, class: Packet.CLASS.IN, ttl: 1, data: value } as (typeof response.answers)[number]);
        }
      } else {
        response.header.rcode = Packet.RCODE.NXDOMAIN;
      }
      void send(response);
    },
  });
  const { udp } = await server.listen({ udp: { port: 0, address: '127.0.0.1' } });
  return { address: `127.0.0.1:${udp!.port}`, txt, failing, close: () => server.close() };
}
