import { describe, expect, it } from 'vitest';
import type { BuildInfo } from '../shared/bridge';
import { appMenuTemplate, releaseDialog, type MenuItemSpec } from './app-menu';
import { createDesktopLanguage, desktopTexts, ENGLISH_TEXTS, systemLanguage, type DesktopTexts } from './desktop-language';
import { dispatch, type BridgeHandlers } from './ipc';
import { signInWithSystemBrowser } from './microsoft-loopback';
import { systemBrowser, until } from './system-browser-double';

const INFO: BuildInfo = {
  version: '1.4.2',
  flavor: 'chat',
  productName: 'Suite Chat',
  platform: 'win32',
  arch: 'x64',
  electron: '45.4.1',
  chrome: '142.0.0.0',
  buildDate: '2026-11-22T03:00:00.000Z',
  commit: 'abc1234',
  serverOrigin: 'https://portal.example.com',
};

const ACTIONS = { showRelease: () => undefined, checkForUpdates: () => undefined, packaged: true };
const labels = (menu: MenuItemSpec[]): string[] => menu.flatMap((item) => [item.label ?? '', ...labels(item.submenu ?? [])]).filter(Boolean);

/** index.ts's wiring, played with a recording Menu: the language decides the template, a change builds it again. */
function appWithMenu(system: Parameters<typeof systemLanguage>[0]) {
  const built: MenuItemSpec[][] = [];
  const setMenu = (texts: DesktopTexts) => void built.push(appMenuTemplate(INFO, ACTIONS, texts));
  const language = createDesktopLanguage({ system: systemLanguage(system), onChange: setMenu });
  setMenu(language.texts());
  return { built, language };
}

describe('the app’s language', () => {
  it('starts in the operating system’s language when the portal has it, else English', () => {
    expect(systemLanguage({ getPreferredSystemLanguages: () => ['fr-FR', 'hi-IN'], getLocale: () => 'fr' })).toBe('hi');
    expect(systemLanguage({ getPreferredSystemLanguages: () => [], getLocale: () => 'ur-PK' })).toBe('ur');
    expect(systemLanguage({ getLocale: () => 'de' })).toBe('en');
  });

  it('builds the menu in Hindi on a Hindi system, every label translated, the version and the product name kept', () => {
    const { built } = appWithMenu({ getPreferredSystemLanguages: () => ['hi-IN'], getLocale: () => 'hi' });
    const hindi = built.at(-1)!;
    const english = labels(appMenuTemplate(INFO, ACTIONS));
    expect(hindi.map((item) => item.label)).toEqual(['Suite Chat', 'संपादित करें', 'देखें', 'सहायता']);
    const help = hindi.at(-1)!.submenu!.map((item) => item.label);
    expect(help).toEqual(['नई रिलीज़ 1.4.2', 'अपडेट देखें']);
    // Every label but the product's name differs from the English one (the roles' too: Electron's are English).
    const translated = labels(hindi);
    expect(translated).toHaveLength(english.length);
    translated.forEach((label, index) => (label === 'Suite Chat' ? undefined : expect(label, english[index]).not.toBe(english[index])));
    expect(hindi[1]!.submenu!.find((item) => item.role === 'copy')!.label).toBe('कॉपी करें');
  });

  it('rebuilds the menu when the renderer says another language, and not when it says the same one', () => {
    const { built, language } = appWithMenu({ getPreferredSystemLanguages: () => ['en-US'], getLocale: () => 'en-US' });
    expect(built.at(-1)!.at(-1)!.label).toBe('Help');
    expect(language.choose('ur')).toBe(true);
    expect(built).toHaveLength(2);
    const urdu = built.at(-1)!;
    expect(urdu.map((item) => item.label)).toEqual(['Suite Chat', 'ترمیم', 'منظر', 'مدد']);
    expect(urdu.at(-1)!.submenu!.map((item) => item.label)).toEqual(['نئی ریلیز 1.4.2', 'اپ ڈیٹس دیکھیں']);
    expect(language.choose('ur')).toBe(false);
    expect(built).toHaveLength(2);
    language.choose('en');
    expect(labels(built.at(-1)!)).toEqual(labels(appMenuTemplate(INFO, ACTIONS)));
  });

  it('writes the New Release dialog in the language, build facts as they are', () => {
    const dialog = releaseDialog(INFO, desktopTexts('hi'));
    expect(dialog).toMatchObject({ type: 'info', title: 'नई रिलीज़', message: 'Suite Chat 1.4.2', buttons: ['ठीक है'] });
    expect(dialog.detail).toContain('abc1234 से 2026-11-22T03:00:00.000Z को बनाया गया');
    expect(dialog.detail).toContain('https://portal.example.com');
    expect(releaseDialog(INFO).title).toBe('New Release');
  });

  it('answers the system browser’s tab in the language, right to left in Urdu', async () => {
    const browser = systemBrowser('/auth/ms/callback');
    const answer = signInWithSystemBrowser({
      url: 'https://portal.example.com/auth/ms/login',
      serverOrigin: 'https://portal.example.com',
      openExternal: browser.openExternal,
      appName: 'Suite Chat',
      texts: desktopTexts('ur'),
      timeoutMs: 5000,
    });
    await until(() => browser.opened.length > 0);
    const tab = await (await browser.returnTo({ code: 'c0de', state: 's1' })).text();
    expect((await answer).code).toBe('c0de');
    expect(tab).toContain('<html lang="ur" dir="rtl">');
    expect(tab).toContain('آپ Microsoft کے ساتھ سائن اِن ہو گئے ہیں۔ Suite Chat پر واپس جائیں؛ یہ ٹیب بند کیا جا سکتا ہے۔');
  });
});

describe('app:set-language, the renderer’s word', () => {
  const handler: BridgeHandlers['app:set-language'] = ({ language }) => (chosen.push(language), null);
  const chosen: string[] = [];
  const fromApp = { senderFrame: { url: 'app://portal/login' } };
  const trusted = (url: string) => url.startsWith('app://portal/');

  it('takes a language of the portal', async () => {
    expect(await dispatch('app:set-language', fromApp, { language: 'ta' }, handler, trusted)).toEqual({ ok: true, data: null });
    expect(chosen).toEqual(['ta']);
  });

  it('refuses anything else before the handler runs: another code, the pseudo-locale, a wrong shape, a product page', async () => {
    chosen.length = 0;
    for (const bad of [{ language: 'fr' }, { language: 'en-XA' }, { language: 'HI' }, { language: ['hi'] }, 'hi', null, { language: 'hi'.repeat(5000) }]) {
      expect(await dispatch('app:set-language', fromApp, bad, handler, trusted)).toMatchObject({ ok: false, error: { code: 'invalid-input' } });
    }
    expect(await dispatch('app:set-language', { senderFrame: { url: 'https://portal.example.com/products/chat/acme' } }, { language: 'hi' }, handler, trusted)).toMatchObject({
      ok: false,
      error: { code: 'forbidden-sender' },
    });
    expect(chosen).toEqual([]);
    expect(ENGLISH_TEXTS.language).toBe('en');
  });
});
