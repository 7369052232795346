import { afterEach, describe, expect, it } from 'vitest';
import hi from '../../../shared/i18n/locales/hi.json';
import { showLanguage, tEnglish } from '../../i18n';
import { ceremonyFailure } from './passkey-ceremony';

afterEach(() => showLanguage('en'));

const failure = (fields: { code?: string; name?: string }) => Object.assign(new Error('the library’s own words'), fields);

describe('ceremonyFailure', () => {
  it('says why the browser refused a passkey ceremony in a sentence of ours, shown in the screen’s language', async () => {
    const cases: [Error, keyof typeof hi][] = [
      [failure({ code: 'ERROR_AUTHENTICATOR_PREVIOUSLY_REGISTERED' }), 'message.passkeyAlreadyHere'],
      [failure({ name: 'NotAllowedError' }), 'message.passkeyNotUsed'],
      [failure({ code: 'ERROR_INVALID_RP_ID' }), 'message.passkeyAddressRefused'],
      [failure({ code: 'ERROR_AUTHENTICATOR_NO_SUPPORTED_PUBKEYCREDPARAMS_ALG' }), 'message.passkeyNotAccepted'],
    ];
    await showLanguage('hi');
    for (const [error, id] of cases) expect(tEnglish(ceremonyFailure(error)!)).toBe(hi[id]);
    // Not the browser's: the server's reply, said by the caller.
    expect(ceremonyFailure(failure({}))).toBeNull();
  });
});
