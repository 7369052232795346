import { useT } from '../../i18n';
import { useEffect, useRef, useState } from 'react';
import type { LoginReply } from '../../../shared/protocol';
import { PASSKEY_SIGN_IN_EVENTS } from '../../../shared/protocol/passkey-events';
import { call, errorMessage, extendContract } from '../../api';
import { platform } from '../../platform';
import { Button } from '../../ui/button';
import './passkey-sign-in.css';
import { autofillSupported, cancelPasskeyRequest, ceremonyFailure, passkeysSupported, signWithPasskey } from '../passkeys/passkey-ceremony';

// The passkey events come with this chunk, not with /login's first paint.
extendContract(PASSKEY_SIGN_IN_EVENTS);

/** The desktop apps run the ceremony in the system browser (no autofill there); a browser runs it itself. */
const elsewhere = platform.passkeyInSystemBrowser;

/** The desktop app's passkey sign-in in the system browser was cancelled there, or nothing came back in time. */
export const SYSTEM_BROWSER_UNFINISHED = 'The passkey sign-in in your browser did not finish. Try again.';

export interface PasskeySignInProps {
  /** No other way in is offered below the form (Microsoft): this draws the "or" line itself. */
  withDivider: boolean;
  /** Another sign-in is running (or there is no connection): the button waits. */
  disabled: boolean;
  /** The reply goes on as a password sign-in's would (the second factor, a forced change, the workspace). */
  onReply: (reply: LoginReply) => Promise<void>;
  onBusyChange: (busy: boolean) => void;
  onError: (message: string | null) => void;
}

/**
 * Signing in with a passkey on /login, loaded after the screen is up (React.lazy): the saved passkeys are offered in
 * the sign-in field's autofill (conditional mediation, the field is `autocomplete="username webauthn"`), and the
 * "Sign in with a passkey" button opens the browser's own dialog. Nothing shows where passkeys cannot work (no WebAuthn,
 * or a page opened by IP address). In the desktop apps the button runs the ceremony in the system browser instead
 * (`platform.passkeyInSystemBrowser`, RFC 8252) and redeems the code it brings back with `passkeyDesktopLogin`.
 */
export default function PasskeySignIn({ withDivider, disabled, onReply, onBusyChange, onError }: PasskeySignInProps) {
  const t = useT();
  const [supported] = useState(() => elsewhere !== null || passkeysSupported());
  // The latest callbacks, for a ceremony that settles long after it started (an autofill pick).
  const handlers = useRef({ onReply, onBusyChange, onError });
  useEffect(() => {
    handlers.current = { onReply, onBusyChange, onError };
  });

  /** A first-factor ceremony: options for a fresh challenge, the browser's answer, then passkeyLogin. */
  const run = async (autofill: boolean) => {
    if (!autofill) {
      handlers.current.onBusyChange(true);
      handlers.current.onError(null);
    }
    let answered = false;
    try {
      if (elsewhere) {
        const answer = await elsewhere();
        if (answer) await handlers.current.onReply(await call('passkeyDesktopLogin', { ...answer, platform: platform.deviceKind(), ...platform.loginFacts() }));
        else handlers.current.onError(SYSTEM_BROWSER_UNFINISHED);
        return;
      }
      const { challengeId, options } = await call('getPasskeySignInOptions', undefined);
      const response = await signWithPasskey(options, autofill);
      answered = true;
      await handlers.current.onReply(await call('passkeyLogin', { challengeId, response, platform: platform.deviceKind(), ...platform.loginFacts() }));
    } catch (failure) {
      // An autofill request ends quietly until a passkey is picked (replaced by the button or the page, options
      // refused); from then on, as after the button, the user is told.
      if (!autofill || answered) handlers.current.onError(ceremonyFailure(failure) ?? errorMessage(failure));
    } finally {
      if (!autofill) handlers.current.onBusyChange(false);
    }
  };

  useEffect(() => {
    if (!supported || elsewhere) return undefined;
    let live = true;
    void autofillSupported().then((yes) => {
      if (yes && live) void run(true);
    });
    return () => {
      live = false;
      void cancelPasskeyRequest();
    };
    // Once per visit of the screen: the request waits in the field's suggestions until a passkey is picked.
  }, [supported]);

  if (!supported) return null;
  return (
    <>
      {withDivider ? (
        <p className="divider">
          <span>{t('common.or')}</span>
        </p>
      ) : null}
      <Button variant="secondary" className="button-block passkey-button" disabled={disabled} onClick={() => void run(false)}>
        {t('signIn.passkey')}
      </Button>
    </>
  );
}
