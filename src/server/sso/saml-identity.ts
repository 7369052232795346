import * as z from 'zod';
import type { VerifiedAssertion } from './saml-response';

/** Who signed in, as a verified assertion says. */
export interface SamlIdentity {
  /** The provider's entity id (the assertion's Issuer). */
  issuer: string;
  /** The NameID: the person's id at the provider (with `issuer`, what an account link keys on). */
  subject: string;
  /** The email: the NameID when its format is emailAddress, else an email attribute; null when none looks like one. */
  email: string | null;
  givenName: string | null;
  familyName: string | null;
  groups: string[];
  /** The provider says the person passed more than one factor (AuthnContextClassRef, or Entra's authnmethodsreferences). */
  multiFactor: boolean;
  assertionId: string;
  /** When the assertion stops being valid (the earlier of Conditions' and the bearer confirmation's NotOnOrAfter). */
  notOnOrAfter: Date;
  /** The request it answers; null when the provider sent it unasked (IdP-initiated). */
  inResponseTo: string | null;
}

const EMAIL_FORMAT = 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress';

// Attribute names, compared without case: the short ones (Okta, Google, Keycloak, OneLogin), the WS-Federation claim
// URIs Entra sends, and the LDAP OIDs of the SAML2 attribute profile (urn:oid:…).
const NAMES = {
  email: ['email', 'mail', 'emailaddress', 'user.email', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/emailaddress', 'urn:oid:0.9.2342.19200300.100.1.3'],
  givenName: ['givenname', 'given_name', 'firstname', 'first_name', 'user.firstname', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/givenname', 'urn:oid:2.5.4.42'],
  familyName: ['sn', 'surname', 'familyname', 'family_name', 'lastname', 'last_name', 'user.lastname', 'http://schemas.xmlsoap.org/ws/2005/05/identity/claims/surname', 'urn:oid:2.5.4.4'],
  groups: ['groups', 'group', 'memberof', 'ismemberof', 'http://schemas.microsoft.com/ws/2008/06/identity/claims/groups', 'http://schemas.xmlsoap.org/claims/group', 'urn:oid:1.3.6.1.4.1.5923.1.5.1.1'],
  methods: ['http://schemas.microsoft.com/claims/authnmethodsreferences'],
};

/** AuthnContextClassRef values (or Entra's authentication-method references) that mean a multi-factor sign-in. */
const MULTI_FACTOR = new Set(['https://refeds.org/profile/mfa', 'http://schemas.microsoft.com/claims/multipleauthn']);

const isEmail = (value: string) => z.email().safeParse(value).success;

export function identityOf(assertion: VerifiedAssertion, extras: Pick<SamlIdentity, 'issuer' | 'notOnOrAfter' | 'inResponseTo'>): SamlIdentity {
  const attributes = new Map<string, string[]>();
  for (const [name, value] of Object.entries(assertion.attributes ?? {})) {
    const values = [value ?? []].flat().map((v) => v.trim()).filter(Boolean);
    attributes.set(name.toLowerCase(), [...(attributes.get(name.toLowerCase()) ?? []), ...values]);
  }
  const all = (names: string[]) => names.flatMap((name) => attributes.get(name) ?? []);
  const first = (names: string[]) => all(names)[0] ?? null;
  const subject = assertion.nameID.trim();
  const email = assertion.nameIDFormat === EMAIL_FORMAT && isEmail(subject) ? subject : (all(NAMES.email).find(isEmail) ?? null);
  const multiFactor = [...assertion.authnContextClassRef, ...all(NAMES.methods)].some((ref) => MULTI_FACTOR.has(ref.trim()));
  return {
    issuer: extras.issuer,
    subject,
    email,
    givenName: first(NAMES.givenName),
    familyName: first(NAMES.familyName),
    groups: [...new Set(all(NAMES.groups))],
    multiFactor,
    assertionId: assertion.id,
    notOnOrAfter: extras.notOnOrAfter,
    inResponseTo: extras.inResponseTo,
  };
}
