/**
 * Why a SAML response was refused: a stable code for the audit log and the logs. Never shown as is; the user sees
 * `SAML_ERROR_MESSAGES[reason]`.
 */
export type SamlErrorReason =
  /** Neither the Response nor its Assertion carries a signature. */
  | 'unsigned'
  /**
   * A signature that does not verify with the provider's certificate (another key, tampered content), or one that does
   * not cover what would be read: more than one assertion (the shape of signature wrapping), a signature over another
   * element than its parent, duplicate ids.
   */
  | 'bad-signature'
  /** The assertion's Audience is not this connection's entity id. */
  | 'wrong-audience'
  /** The Recipient (or the Response's Destination) is not this connection's ACS URL. */
  | 'wrong-recipient'
  /** Past NotOnOrAfter (Conditions or SubjectConfirmationData), beyond the clock skew. */
  | 'expired'
  /** Before NotBefore, beyond the clock skew. */
  | 'not-yet-valid'
  /** Issued by another entity than the connection's provider. */
  | 'wrong-issuer'
  /** No InResponseTo (IdP-initiated) where the connection does not allow IdP-initiated sign-in. */
  | 'unsolicited'
  /** InResponseTo is not the request this sign-in sent (or names a request where none is pending). */
  | 'in-response-to-mismatch'
  /** The assertion id was already used on this connection. */
  | 'replayed'
  /** The provider answered with a status other than Success (the person cancelled, or was refused there). */
  | 'idp-error'
  /** Not base64, not XML, not a SAML Response by the schema, or missing what a response must carry. */
  | 'malformed';

/** One plain sentence per reason, for the page the browser lands on. */
export const SAML_ERROR_MESSAGES: Record<SamlErrorReason, string> = {
  unsigned: "Your company's sign-in sent an answer the portal cannot trust. Please try again or contact your administrator.",
  'bad-signature': "Your company's sign-in sent an answer the portal cannot trust. Please try again or contact your administrator.",
  'wrong-audience': "Your company's sign-in answered for another application. Please contact your administrator.",
  'wrong-recipient': "Your company's sign-in answered for another application. Please contact your administrator.",
  expired: 'This sign-in took too long. Please sign in again.',
  'not-yet-valid': "Your company's sign-in answered with a time in the future. Please try again in a minute or contact your administrator.",
  'wrong-issuer': "The answer did not come from your company's sign-in. Please contact your administrator.",
  unsolicited: 'Please start signing in from the portal.',
  'in-response-to-mismatch': 'This sign-in is not the one the portal started. Please sign in again.',
  replayed: 'This sign-in was already used. Please sign in again.',
  'idp-error': "Your company's sign-in did not sign you in. Please try again or contact your administrator.",
  malformed: "Your company's sign-in sent an answer the portal could not read. Please try again or contact your administrator.",
};

/** A refused SAML response. `reason` goes to the audit log; `userMessage` to the person. */
export class SamlError extends Error {
  readonly userMessage: string;
  constructor(
    readonly reason: SamlErrorReason,
    /** What exactly was wrong, for the log only (may quote the library's error code). */
    readonly detail: string = reason,
  ) {
    super(`SAML response refused: ${reason} (${detail})`);
    this.name = 'SamlError';
    this.userMessage = SAML_ERROR_MESSAGES[reason];
  }
}

/** Why IdP metadata could not be fetched or used, for the console. */
export type SamlMetadataProblemCode =
  | 'bad-url'
  | 'unreachable'
  | 'http-status'
  | 'too-large'
  | 'not-xml'
  | 'no-idp'
  | 'no-entity-id'
  | 'no-sso-url'
  | 'no-signing-certificate'
  | 'wants-signed-requests';

export const SAML_METADATA_MESSAGES: Record<SamlMetadataProblemCode, string> = {
  'bad-url': 'The metadata address must be an https:// address.',
  unreachable: 'The portal could not reach the metadata address. Check the address, or paste the metadata XML instead.',
  'http-status': 'The metadata address did not answer with the metadata. Check the address, or paste the metadata XML instead.',
  'too-large': 'The metadata is larger than the portal accepts (1 MB).',
  'not-xml': 'This is not SAML metadata: the portal could not read it as XML.',
  'no-idp': 'This metadata does not describe a SAML identity provider (no IDPSSODescriptor).',
  'no-entity-id': 'The metadata has no entity ID.',
  'no-sso-url': 'The metadata has no https single sign-on address for the HTTP-Redirect or HTTP-POST binding.',
  'no-signing-certificate': 'The metadata has no signing certificate.',
  'wants-signed-requests': 'The provider asks for signed sign-in requests, which the portal does not send. Turn that off for the portal in the provider (in Keycloak: "Client signature required").',
};

/** A metadata problem: its code and the console's sentence. */
export interface SamlMetadataProblem {
  code: SamlMetadataProblemCode;
  message: string;
}

export const metadataProblem = (code: SamlMetadataProblemCode): SamlMetadataProblem => ({ code, message: SAML_METADATA_MESSAGES[code] });
