import { isLanguage } from '../../shared/i18n/languages';
import { LANGUAGE_EVENTS } from '../../shared/protocol/language-events';
import { callWithoutForcedLogout, extendContract } from '../api';

/**
 * The language the user picks, told to the server (`setLanguage`, issue 26): a signed-in account remembers it, so its
 * mails follow it; on a signed-out connection, the sign-in that follows writes it on the account. Loaded with the
 * connection's wire chunk (api/wire-contract.ts), so /login's first paint carries none of it, and nothing is sent before a
 * connection was wanted (the one opened then carries the choice in its handshake, the `ubs_lang` cookie). It watches
 * `<html lang>`, which i18n/index.ts's `showLanguage` sets for every language shown, so the entry chunk exports
 * nothing more for it. Never the pseudo-locale.
 */
extendContract(LANGUAGE_EVENTS);

if (typeof document !== 'undefined' && typeof MutationObserver !== 'undefined') {
  new MutationObserver(() => {
    const language = document.documentElement.lang;
    if (isLanguage(language)) void callWithoutForcedLogout('setLanguage', { language }).catch(() => undefined);
  }).observe(document.documentElement, { attributes: true, attributeFilter: ['lang'] });
}
