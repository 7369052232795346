import * as z from 'zod';

/** The person a company's provider vouched for, as both protocols give it (kept with the sign-in until it is redeemed). */
export const SsoIdentitySchema = z.object({
  /** The provider's issuer (OpenID) or entity id (SAML). */
  issuer: z.string(),
  /** The person's stable id there: `sub`, or the SAML NameID. */
  subject: z.string().min(1),
  email: z.string().nullable(),
  givenName: z.string().nullable(),
  familyName: z.string().nullable(),
  groups: z.array(z.string()),
  /** The provider reports a multi-factor sign-in (`amr` with `mfa`, or a SAML multi-factor context class). */
  multiFactor: z.boolean(),
});
export type SsoIdentity = z.infer<typeof SsoIdentitySchema>;

/** The domain of an address, lower case (`ann@Acme.test` → `acme.test`); null when it has none. */
export function domainOf(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf('@');
  return at > 0 && at < email.length - 1 ? email.slice(at + 1).toLowerCase() : null;
}
