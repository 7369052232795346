import type { LoginReply } from '../../../shared/protocol';
import { PASSKEY_SECOND_FACTOR_EVENTS } from '../../../shared/protocol/passkey-events';
import { call, extendContract } from '../../api';
import { platform } from '../../platform';
import { passkeysSupported, signWithPasskey } from '../passkeys/passkey-ceremony';

// Loaded by the multi-factor screen when it opens, with the events it needs.
extendContract(PASSKEY_SECOND_FACTOR_EVENTS);

/** The held login details as the multi-factor events take them: the password, or a sign-in ticket. */
export type HeldDetails = { identifier?: string; password?: string; ticket?: string };

/** A passkey ceremony ready for the account's second factor. */
export type PasskeyOffer = { challengeId: string; options: { challenge: string } & Record<string, unknown> };

/** Options for a passkey as this sign-in's second factor, or null: no WebAuthn here, or no passkey on the account. */
export async function passkeyOffer(held: HeldDetails): Promise<PasskeyOffer | null> {
  if (!passkeysSupported()) return null;
  return (await call('getPasskeySecondFactorOptions', held)).ceremony;
}

/** The browser's answer with one of the account's passkeys, then the sign-in goes on (a session, as after a code). */
export async function passWithPasskey(held: HeldDetails, offer: PasskeyOffer): Promise<LoginReply> {
  const response = await signWithPasskey(offer.options);
  return call('passkeySecondFactor', { ...held, challengeId: offer.challengeId, response, platform: platform.deviceKind(), ...platform.loginFacts() });
}

export { ceremonyFailure } from '../passkeys/passkey-ceremony';
