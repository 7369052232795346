import ipaddr from 'ipaddr.js';

/** True when the text is a CIDR range such as 10.0.0.0/8 or 2001:db8::/32. */
export function isCidr(value: string): boolean {
  try {
    ipaddr.parseCIDR(value);
    return true;
  } catch {
    return false;
  }
}

/** An address as seen on a socket, with IPv4-mapped IPv6 (::ffff:1.2.3.4) turned back into IPv4. */
export function normalizeAddress(address: string): ipaddr.IPv4 | ipaddr.IPv6 | null {
  if (!ipaddr.isValid(address)) return null;
  const parsed = ipaddr.parse(address);
  return parsed.kind() === 'ipv6' && (parsed as ipaddr.IPv6).isIPv4MappedAddress() ? (parsed as ipaddr.IPv6).toIPv4Address() : parsed;
}

/** An organization's address rule: an empty list allows any address; otherwise the address must fall in one range. */
export function addressAllowed(address: string | null, ranges: readonly string[]): boolean {
  if (ranges.length === 0) return true;
  const parsed = address === null ? null : normalizeAddress(address);
  if (parsed === null) return false;
  return ranges.some((range) => {
    const [network, bits] = ipaddr.parseCIDR(range);
    return network.kind() === parsed.kind() && parsed.match([network, bits] as [typeof parsed, number]);
  });
}
