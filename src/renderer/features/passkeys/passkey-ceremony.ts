import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialCreationOptionsJSON,
  PublicKeyCredentialRequestOptionsJSON,
  RegistrationResponseJSON,
} from '@simplewebauthn/browser';

/**
 * The browser's side of a passkey ceremony, through @simplewebauthn/browser. The library is loaded when a ceremony
 * starts (its own chunk), never with the page: /login stays inside its size budget.
 */
const library = () => import('@simplewebauthn/browser');

/** Ceremony options as the server's reply carries them (checked there; handed to the browser as they are). */
type Options = { challenge: string } & Record<string, unknown>;

/** The browser's answer as the contract's schema reads it (its extension outputs a plain record). */
const asPlain = <T extends RegistrationResponseJSON | AuthenticationResponseJSON>(response: T) => ({
  ...response,
  clientExtensionResults: { ...response.clientExtensionResults } as Record<string, unknown>,
});

/**
 * Whether passkeys can work here: the browser has WebAuthn, and the page is on a host name (browsers refuse an IP
 * address as relying party, so a portal opened as http://127.0.0.1 offers none rather than a button that fails).
 */
export const passkeysSupported = (): boolean =>
  typeof window !== 'undefined' && typeof window.PublicKeyCredential === 'function' && !/^(\d+\.){3}\d+$|^\[/.test(window.location.hostname);

/** Asks the browser to make a passkey with the server's registration options. */
export async function createPasskey(options: Options) {
  const { startRegistration } = await library();
  return asPlain(await startRegistration({ optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON }));
}

/**
 * Asks the browser to sign in with a passkey: with `autofill`, the passkeys are offered in the sign-in field's
 * suggestions (conditional mediation) and the promise settles when one is picked; otherwise the browser's dialog.
 */
export async function signWithPasskey(options: Options, autofill = false) {
  const { startAuthentication } = await library();
  return asPlain(await startAuthentication({ optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON, useBrowserAutofill: autofill }));
}

/** Whether this browser offers passkeys in a field's autofill suggestions. */
export async function autofillSupported(): Promise<boolean> {
  if (!passkeysSupported()) return false;
  const { browserSupportsWebAuthnAutofill } = await library();
  return browserSupportsWebAuthnAutofill();
}

/** Stops an autofill request waiting in the background (before another ceremony, or when the page goes). */
export async function cancelPasskeyRequest(): Promise<void> {
  const { WebAuthnAbortService } = await library();
  WebAuthnAbortService.cancelCeremony();
}

/** The sentence for a browser's refusal of a ceremony, or null when the failure is not the browser's (a server reply). */
export function ceremonyFailure(failure: unknown): string | null {
  if (!(failure instanceof Error)) return null;
  const code = (failure as { code?: unknown }).code;
  if (code === 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED') return 'This device already holds a passkey for your account.';
  if (code === 'ERROR_CEREMONY_ABORTED' || failure.name === 'NotAllowedError' || failure.name === 'AbortError') {
    return 'No passkey was used: the request was cancelled or timed out.';
  }
  if (code === 'ERROR_INVALID_DOMAIN' || code === 'ERROR_INVALID_RP_ID' || failure.name === 'SecurityError') {
    return 'This browser does not allow passkeys for this address.';
  }
  if (typeof code === 'string' && code.startsWith('ERROR_AUTHENTICATOR')) return 'This device or security key cannot make a passkey the portal accepts. Try another one.';
  return null;
}
