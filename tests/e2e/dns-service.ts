import { readFileSync, writeFileSync } from 'node:fs';
import { startDnsServer } from '../dns-server';

/**
 * Started in the runner's main process (like the mail service): the DNS server the portal under test checks verified
 * domains with (its DNS_SERVERS), on UDP `port`. Its TXT records are the JSON file `recordsFile` (`{name: [values]}`),
 * read at every query, which the specs (in the workers) write with `publishTxt`.
 */
export function startDnsService(port: number, recordsFile: string): void {
  writeFileSync(recordsFile, '{}');
  const lookup = (name: string) => (JSON.parse(readFileSync(recordsFile, 'utf8')) as Record<string, string[]>)[name];
  startDnsServer({ port, lookup })
    .then((server) => server.unref())
    .catch((error: unknown) => console.error('The e2e DNS server did not start:', error));
}

/** Publishes TXT records at `name` (replacing what it had), as the domain's owner would at their DNS provider. */
export function publishTxt(name: string, values: string[]): void {
  const file = process.env.E2E_DNS_RECORDS!;
  const records = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string[]>;
  writeFileSync(file, JSON.stringify({ ...records, [name.toLowerCase()]: values }));
}
