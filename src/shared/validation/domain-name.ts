import * as z from 'zod';
import { MESSAGES } from './messages';

/**
 * A domain an organization claims, as typed ("Acme.COM.", "bücher.example") turned into the one form the server
 * stores and DNS is asked about: lower case, no trailing dot, an internationalized name as punycode (`xn--…`). The
 * WHATWG URL parser does the IDNA mapping (the same UTS #46 processing as node:url's `domainToASCII`), in the browser
 * and in Node alike, so the console and the server agree. Returns null for anything that is not a plain host name of
 * at least two labels: an address (`10.0.0.1`, `0x7f.1`), a wildcard, a port, a path or a single label.
 */
export function normalizeDomain(input: string): string | null {
  const typed = input.trim().replace(/\.$/, '');
  // Letters (any script), digits, marks, hyphens and dots only: `URL` would otherwise read `acme.com/x` or
  // `user@acme.com` as a host and drop the rest, and `*` is a wildcard nobody can prove.
  if (typed === '' || typed.length > 253 || !/^[\p{L}\p{N}\p{M}.-]+$/u.test(typed)) return null;
  let ascii: string;
  try {
    ascii = new URL(`http://${typed}/`).hostname;
  } catch {
    return null;
  }
  if (ascii.length > 253) return null;
  const labels = ascii.split('.');
  if (labels.length < 2) return null;
  if (!labels.every((label) => /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$/.test(label))) return null;
  // No top-level domain is all digits: this is an IPv4 address in one of its spellings.
  if (/^[0-9]+$/.test(labels.at(-1)!)) return null;
  return ascii;
}

export const DOMAIN_MESSAGES = {
  invalid: 'Enter a domain name such as example.com: no "https://", @, path, port, wildcard or IP address.',
} as const;

/** A claimed domain as typed, normalized by `normalizeDomain` (the field's message says what a domain looks like). */
export const DomainNameSchema = z
  .string({ error: MESSAGES.required })
  .trim()
  .min(1, MESSAGES.required)
  .max(300, DOMAIN_MESSAGES.invalid)
  .transform((value, ctx) => {
    const domain = normalizeDomain(value);
    if (domain === null) {
      ctx.addIssue({ code: 'custom', message: DOMAIN_MESSAGES.invalid });
      return z.NEVER;
    }
    return domain;
  });
