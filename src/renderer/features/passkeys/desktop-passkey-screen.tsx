import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { PASSKEY_SIGN_IN_EVENTS } from '../../../shared/protocol/passkey-events';
import { call, errorMessage, extendContract } from '../../api';
import { useT } from '../../i18n/screens';
import { platform } from '../../platform';
import { AlertMessage } from '../../ui/alert-message';
import { AuthLayout } from '../../ui/auth-layout';
import { Button } from '../../ui/button';
import { ceremonyFailure, passkeysSupported, signWithPasskey } from './passkey-ceremony';

// The passkey sign-in events come with this screen, not with /login's first paint.
extendContract(PASSKEY_SIGN_IN_EVENTS);

/** Where the app listens (RFC 8252 §7.3): always the loopback address, only the port comes from the link. */
const loopbackUrl = (port: number, answer: Record<string, string>) => `http://127.0.0.1:${port}/passkey/callback?${new URLSearchParams(answer).toString()}`;

/** The app's request as the link carries it, or null when it is not one the app makes. */
export function readDesktopRequest(params: URLSearchParams): { port: number; state: string; codeChallenge: string } | null {
  const port = Number(params.get('loopback'));
  const state = params.get('state') ?? '';
  const codeChallenge = params.get('code_challenge') ?? '';
  if (!Number.isInteger(port) || port < 1024 || port > 65_535) return null;
  if (!/^[A-Za-z0-9_-]{16,128}$/.test(state) || !/^[A-Za-z0-9_-]{43}$/.test(codeChallenge) || params.get('code_challenge_method') !== 'S256') return null;
  return { port, state, codeChallenge };
}

/**
 * /desktop-passkey: a desktop app's passkey sign-in, opened by the app in the system browser (its embedded view cannot
 * always reach the platform's authenticators). The ceremony runs here, on the portal's own origin; the server answers
 * a single-use code bound to the app's PKCE challenge (`passkeyDesktopCode`), and the browser takes it back to the
 * app's loopback listener, which redeems it with its verifier. No session opens in this browser.
 */
export default function DesktopPasskeyScreen() {
  const t = useT();
  const [params] = useSearchParams();
  const [request] = useState(() => readDesktopRequest(params));
  const [supported] = useState(passkeysSupported);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const signIn = async () => {
    if (!request) return;
    setLoading(true);
    setError(null);
    try {
      const { challengeId, options } = await call('getPasskeySignInOptions', undefined);
      const response = await signWithPasskey(options);
      const { code } = await call('passkeyDesktopCode', { challengeId, response, codeChallenge: request.codeChallenge });
      platform.redirect(loopbackUrl(request.port, { code, state: request.state }));
      return;
    } catch (failure) {
      setError(ceremonyFailure(failure) ?? errorMessage(failure));
    }
    setLoading(false);
  };

  const cancel = () => {
    if (request) platform.redirect(loopbackUrl(request.port, { error: 'access_denied', state: request.state }));
  };

  const problem = !request
    ? t('desktopPasskey.incomplete')
    : !supported
      ? t('desktopPasskey.unsupported')
      : null;

  return (
    <AuthLayout>
      <header className="screen-header">
        <h1>{t('desktopPasskey.title')}</h1>
        <p className="lead">{t('desktopPasskey.lead')}</p>
      </header>
      <AlertMessage message={problem ?? error} />
      {problem ? null : (
        <div className="form">
          <Button className="button-block" loading={loading} onClick={() => void signIn()}>
            {t('desktopPasskey.use')}
          </Button>
          <Button variant="secondary" className="button-block" disabled={loading} onClick={cancel}>
            {t('common.cancel')}
          </Button>
        </div>
      )}
    </AuthLayout>
  );
}
