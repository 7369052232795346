import ipaddr from 'ipaddr.js';
import { CidrSchema, IP_RANGES_MAX } from '../../../shared/protocol/admin-schemas';
import { ltr, t, tEnglish } from '../../i18n/screens';
import { adminIssueMessages, issueText } from './admin-format';

const ISSUE_MESSAGES = adminIssueMessages({});

/** The ranges of the box, one per line, each checked and written in normal form; or what is wrong, by line. */
export type RangeList = { ok: true; ranges: string[] } | { ok: false; problems: string[] };

/** Reads one CIDR range per line (empty lines skipped) with the contract's rule for a range, as the server will. */
export function parseRangeLines(text: string): RangeList {
  const problems: string[] = [];
  const ranges: string[] = [];
  const firstLineOf = new Map<string, number>();
  text.split(/\r?\n/).forEach((line, index) => {
    const number = index + 1;
    if (line.trim() === '') return;
    const parsed = CidrSchema.safeParse(line, { error: ISSUE_MESSAGES });
    if (!parsed.success) {
      problems.push(t('admin.security.lineInvalid', { line: number, text: ltr(line.trim()), problem: tEnglish(issueText(parsed.error.issues[0]!)) }));
      return;
    }
    const earlier = firstLineOf.get(parsed.data);
    if (earlier !== undefined) {
      problems.push(t('admin.security.lineTwice', { line: number, range: ltr(parsed.data), earlier }));
      return;
    }
    firstLineOf.set(parsed.data, number);
    ranges.push(parsed.data);
  });
  if (ranges.length > IP_RANGES_MAX) problems.push(t('admin.security.tooManyRanges', { max: IP_RANGES_MAX, count: ranges.length }));
  return problems.length ? { ok: false, problems } : { ok: true, ranges };
}

/**
 * Whether an address may reach the organization under these ranges, by the server's rule: no range allows any
 * address; otherwise one range of the same kind (IPv4 or IPv6) must hold it, an IPv4-mapped IPv6 address counting as
 * IPv4. An unknown address is outside any list.
 */
export function addressAllowed(address: string | null, ranges: readonly string[]): boolean {
  if (ranges.length === 0) return true;
  if (address === null || !ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  const plain = parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
  return ranges.some((range) => {
    const [network, bits] = ipaddr.parseCIDR(range);
    return network.kind() === plain.kind() && plain.match([network, bits] as [typeof plain, number]);
  });
}
