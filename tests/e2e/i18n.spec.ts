import { expect, test, type Page } from '@playwright/test';
import { expectAccessibleOnceQuiet } from './helpers';
import { codeIn, linkIn, mailCount, waitForMail, withCode } from './mail';
import { clipped, htmlLanguage, PSEUDO_VIEWPORTS, untranslated, usePseudoLocale } from './pseudo-locale';

// The sign-in screens in the users' languages (issue 26): the page the server makes follows the ubs_lang cookie, else
// Accept-Language (Playwright's `locale` sends it, and sets navigator.languages); the picker changes and remembers it.

async function signInAs(page: Page, labels: { identifier: string; password: string }, identifier: string, password: string) {
  await page.getByLabel(labels.identifier).fill(identifier);
  await page.getByLabel(labels.password, { exact: true }).fill(password);
  await page.getByLabel(labels.password, { exact: true }).press('Enter');
}

const HINDI = { identifier: 'ईमेल पता या यूज़र नेम', password: 'पासवर्ड' };

/** The workspace's selection, in Hindi. */
async function expectHindiSelection(page: Page) {
  await expect(page).toHaveURL(/\/workspace$/);
  await expect(page.getByRole('heading', { name: 'संगठन चुनें' })).toBeVisible();
  await expect(page).toHaveTitle('संगठन चुनें · Suite Portal');
}

test.describe('Hindi', () => {
  test.use({ locale: 'hi-IN' });

  test('the first visit follows Accept-Language; the picker switches at once and the choice is remembered', async ({ page, context }) => {
    await page.goto('/login');
    expect(await htmlLanguage(page)).toEqual(['hi', 'ltr']);
    await expect(page.getByRole('heading', { name: 'साइन इन करें' })).toBeVisible();
    await expect(page).toHaveTitle('साइन इन करें · Suite Portal');
    await expect(page.getByRole('button', { name: 'Microsoft से लॉग इन करें' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'पासवर्ड भूल गए?' })).toBeVisible();
    const picker = page.getByRole('combobox', { name: 'भाषा' });
    await expect(picker).toHaveValue('hi');
    await expect(picker.getByRole('option')).toHaveText(['English', 'हिन्दी', 'বাংলা', 'தமிழ்', 'తెలుగు', 'मराठी', 'اردو']);

    await picker.selectOption('ta');
    await expect(page.getByRole('heading', { name: 'உள்நுழைக' })).toBeVisible();
    expect(await htmlLanguage(page)).toEqual(['ta', 'ltr']);
    await expect(page).toHaveTitle('உள்நுழைக · Suite Portal');
    expect((await context.cookies()).find((cookie) => cookie.name === 'ubs_lang')?.value).toBe('ta');

    // The choice beats the browser's language: the server makes the next page in it.
    await page.getByRole('combobox', { name: 'மொழி' }).selectOption('en');
    await page.reload();
    expect(await htmlLanguage(page)).toEqual(['en', 'ltr']);
    await expect(page.getByRole('heading', { name: 'Sign In' })).toBeVisible();
    await expect(page.getByRole('combobox', { name: 'Language' })).toHaveValue('en');
  });

  test('sign in with a second factor mailed, in Hindi', async ({ page }) => {
    await page.goto('/login');
    await signInAs(page, HINDI, 'hindi.mfa@e2e.test', 'Factor@12345');
    // The first sign-in sets the factor up: the company's policy offers the work email.
    await expect(page).toHaveURL(/\/setup-multi-factor$/);
    await expect(page.getByRole('heading', { name: 'मल्टी-फ़ैक्टर प्रमाणीकरण सेटअप' })).toBeVisible();
    await expect(page).toHaveTitle('मल्टी-फ़ैक्टर प्रमाणीकरण सेटअप · Suite Portal');
    await expect(page.getByText('आपकी कंपनी साइन-इन पर दूसरा सत्यापन चरण माँगती है।', { exact: false })).toBeVisible();
    await expect(page.getByRole('group', { name: 'दूसरा सत्यापन चरण' }).getByRole('checkbox', { name: 'ईमेल' })).toBeChecked();
    await expectAccessibleOnceQuiet(page, '/setup-multi-factor in Hindi');
    const since = await mailCount();
    await page.getByRole('button', { name: 'सेव करें' }).click();
    // The toast of the setup ('Multi-Factor Authentication Setup Successfully'), in Hindi.
    await expect(page.getByText('मल्टी-फ़ैक्टर प्रमाणीकरण सफलतापूर्वक सेट हो गया')).toBeVisible();

    await expect(page).toHaveURL(/\/multi-factor-authenticate$/);
    await expect(page.getByRole('heading', { name: 'मल्टी-फ़ैक्टर प्रमाणीकरण' })).toBeVisible();
    await expect(page).toHaveTitle('मल्टी-फ़ैक्टर प्रमाणीकरण · Suite Portal');
    await expect(page.getByText(/पर भेजा गया 6 अंकों का कोड डालें।$/)).toBeVisible();
    await expect(page.getByRole('group', { name: 'एक-बार का कोड' })).toBeVisible();
    await expect(page.getByRole('button', { name: /^\d+ सेकंड में OTP दोबारा भेजें$/ })).toBeDisabled();
    await expect(page.getByRole('link', { name: 'रिकवरी कोड डालें' })).toHaveAttribute('href', '/recovery-code');

    // The server's refusal ('Invalid OTP') is shown in Hindi.
    const firstBox = page.getByRole('textbox', { name: '6 में से अंक 1' });
    await firstBox.click();
    await page.keyboard.type('000000');
    await page.keyboard.press('Enter');
    await expect(page.getByRole('alert').filter({ hasText: 'OTP गलत है' })).toBeVisible();

    const mail = await waitForMail('hindi.mfa@e2e.test', since, withCode);
    await firstBox.click();
    await page.keyboard.type(codeIn(mail));
    await page.getByRole('button', { name: 'सबमिट करें' }).click();
    await expectHindiSelection(page);
    await expect(page.getByRole('radiogroup', { name: 'संगठन' })).toBeVisible();
    await expect(page.getByRole('radiogroup', { name: 'प्रोडक्ट' })).toBeVisible();
    await expect(page.getByText('hindi.mfa@e2e.test के रूप में साइन इन')).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'आपका खाता' }).getByRole('link', { name: 'सुरक्षा' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'लॉग आउट करें' })).toBeVisible();
    await expect(page.getByRole('button', { name: 'आगे' })).toBeVisible();
  });

  test('forgot and reset the password, in Hindi', async ({ page }) => {
    const email = 'hindi.reset@e2e.test';
    await page.goto('/login');
    await page.getByRole('link', { name: 'पासवर्ड भूल गए?' }).click();
    await expect(page.getByRole('heading', { name: 'पासवर्ड भूल गए?' })).toBeVisible();
    await expect(page).toHaveTitle('पासवर्ड भूल गए · Suite Portal');
    // A shared schema's message, in Hindi.
    await page.getByRole('button', { name: 'सबमिट करें' }).click();
    await expect(page.getByText('ज़रूरी*')).toBeVisible();
    const since = await mailCount();
    await page.getByLabel('ईमेल पता').fill(email);
    await page.getByLabel('ईमेल पता').press('Enter');
    await expect(page).toHaveURL(/\/email-sent$/);
    await expect(page.getByRole('heading', { name: 'ईमेल भेज दिया गया' })).toBeVisible();

    const mail = await waitForMail(email, since);
    await page.goto(linkIn(mail, '/reset/'));
    await expect(page.getByRole('heading', { name: 'पासवर्ड रीसेट करें' })).toBeVisible();
    await expect(page.getByText(`${email} के लिए नया पासवर्ड चुनें।`)).toBeVisible();
    const password = page.getByLabel('नया पासवर्ड', { exact: true });
    await password.fill('abc');
    const checklist = page.getByRole('list', { name: 'पासवर्ड में ये होने चाहिए' });
    await expect(checklist.getByRole('listitem').filter({ hasText: 'छोटा अक्षर' })).toContainText('(पूरा)');
    await expect(checklist.getByRole('listitem').filter({ hasText: 'बड़ा अक्षर' })).toContainText('(बाकी)');
    await password.fill('Naya@12345');
    await page.getByLabel('पासवर्ड की पुष्टि करें', { exact: true }).fill('Naya@12345x');
    await page.getByRole('button', { name: 'पासवर्ड बदलें' }).click();
    await expect(page.getByText('पासवर्ड और पुष्टि वाला पासवर्ड मेल नहीं खाते')).toBeVisible();
    await page.getByLabel('पासवर्ड की पुष्टि करें', { exact: true }).fill('Naya@12345');
    await page.getByLabel('पासवर्ड की पुष्टि करें', { exact: true }).press('Enter');

    await expect(page.getByRole('heading', { name: 'पासवर्ड रीसेट हो गया' })).toBeFocused();
    await expect(page.getByText('आपका पासवर्ड सफलतापूर्वक रीसेट हो गया है।')).toBeVisible();
    await expect(page.getByText('5 सेकंड में आपको साइन इन पर ले जाया जाएगा।')).toBeVisible();
    await expect(page).toHaveURL(/\/login$/, { timeout: 8_000 });

    await signInAs(page, HINDI, email, 'Forget@12345');
    await expect(page.getByRole('alert')).toHaveText('ईमेल, यूज़र नेम या पासवर्ड गलत है।');
    await signInAs(page, HINDI, email, 'Naya@12345');
    await expectHindiSelection(page);
  });

  test('/login in Hindi has no axe violations, and says it is Hindi', async ({ page }) => {
    await page.goto('/login');
    await expect(page.getByRole('heading', { name: 'साइन इन करें' })).toBeVisible();
    await expectAccessibleOnceQuiet(page, '/login in Hindi');
  });
});

test.describe('Urdu', () => {
  test.use({ locale: 'ur-PK', viewport: { width: 1366, height: 900 } });

  test('the sign-in screen is right to left, with addresses and codes left to right, and axe finds nothing', async ({ page }) => {
    await page.goto('/login');
    expect(await htmlLanguage(page)).toEqual(['ur', 'rtl']);
    await expect(page.getByRole('heading', { name: 'سائن اِن کریں' })).toBeVisible();
    await expect(page).toHaveTitle('سائن اِن کریں · Suite Portal');
    await expect(page.getByLabel('ای میل پتہ یا یوزر نیم')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByLabel('پاس ورڈ', { exact: true })).toHaveAttribute('dir', 'ltr');
    // Mirrored: the brand panel, first in the page, stands on the right; the form on the left.
    const aside = (await page.locator('.auth-aside').boundingBox())!;
    const main = (await page.locator('.auth-main').boundingBox())!;
    expect(aside.x).toBeGreaterThan(main.x);
    // The header's tools sit at the inline end: the left in Urdu.
    const tools = (await page.locator('.app-header-tools').boundingBox())!;
    expect(tools.x).toBeLessThan(400);
    // The whole screen as it was approved, mirrored (tests/e2e/i18n.spec.ts-snapshots; after a deliberate change of
    // /login's look: `npx playwright test i18n.spec.ts -g Urdu --update-snapshots`, and look at the new picture).
    await expect(page).toHaveScreenshot('login-ur.png', { maxDiffPixelRatio: 0.01 });
    await expectAccessibleOnceQuiet(page, '/login in Urdu');
  });

  test('the multi-factor setup is right to left, its key and codes left to right, and axe finds nothing', async ({ page }) => {
    await page.goto('/login');
    await signInAs(page, { identifier: 'ای میل پتہ یا یوزر نیم', password: 'پاس ورڈ' }, 'member@e2e.test', 'Member@12345');
    await expect(page).toHaveURL(/\/workspace$/);
    await page.goto('/setup-multi-factor');
    expect(await htmlLanguage(page)).toEqual(['ur', 'rtl']);
    await expect(page.getByRole('heading', { name: 'ملٹی فیکٹر تصدیق کی ترتیب' })).toBeVisible();
    await expect(page).toHaveTitle('ملٹی فیکٹر تصدیق کی ترتیب · Suite Portal');
    await page.getByRole('checkbox', { name: 'آتھینٹیکیٹر ایپ' }).check();
    await expect(page.getByRole('img', { name: 'آپ کی آتھینٹیکیٹر ایپ کے لیے QR کوڈ' })).toBeVisible();
    await expect(page.getByTestId('mfa-secret')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByTestId('mfa-recovery-code')).toHaveAttribute('dir', 'ltr');
    await expect(page.getByRole('button', { name: 'خفیہ کلید کاپی کریں' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'ریکوری کوڈ ڈاؤن لوڈ کریں' })).toBeVisible();
    await expect(page.getByRole('group', { name: 'آتھینٹیکیٹر ایپ کا کوڈ' })).toBeVisible();
    await expectAccessibleOnceQuiet(page, '/setup-multi-factor in Urdu');
    // Nothing saved: Cancel leads back.
    await page.getByRole('link', { name: 'منسوخ کریں' }).click();
    await expect(page).toHaveURL(/\/workspace$/);
  });
});

test.describe('the pseudo-locale', () => {
  test.beforeEach(async ({ context, baseURL }) => usePseudoLocale(context, baseURL!));

  for (const viewport of PSEUDO_VIEWPORTS) {
    test(`/login at ${viewport.width}px shows no untranslated English and no clipped text`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/login');
      expect(await htmlLanguage(page)).toEqual(['en-XA', 'ltr']);
      await expect(page.getByRole('heading', { name: 'Šííĝñ ÍÍñ' })).toBeVisible();
      // The validation messages too (the shared schemas' English, shown through the catalog).
      await page.getByRole('button', { name: 'Ļóóĝííñ', exact: true }).click();
      await expect(page.getByText('Ŕééǫúúííŕééð*').first()).toBeVisible();
      expect(await untranslated(page)).toEqual([]);
      expect(await clipped(page)).toEqual([]);
      await page.getByRole('link', { name: 'Ƒóóŕĝóóţ Þááššŵóóŕð?' }).click();
      await expect(page.getByRole('heading', { name: 'Ƒóóŕĝóóţ Þááššŵóóŕð?' })).toBeVisible();
      expect(await untranslated(page)).toEqual([]);
      expect(await clipped(page)).toEqual([]);
      // The recovery code screens, reached from it.
      await page.getByRole('link', { name: 'Ţŕý Ŕééçóóṽééŕý çóóðéé?' }).click();
      await expect(page).toHaveURL(/\/forget-with-recovery$/);
      await page.getByRole('button', { name: 'Šúúƀɱííţ' }).click();
      await expect(page.getByText('Ŕééǫúúííŕééð*').first()).toBeVisible();
      await page.locator('#recovery-code').fill('nope');
      await page.getByRole('button', { name: 'Šúúƀɱííţ' }).click();
      await expect(page.getByText('Ŕééçóóṽééŕý çóóðéé ɱúúšţ ƀéé ṽááļííð.')).toBeVisible();
      expect(await untranslated(page)).toEqual([]);
      expect(await clipped(page)).toEqual([]);
    });

    test(`/setup-multi-factor at ${viewport.width}px shows no untranslated English and no clipped text`, async ({ page }) => {
      await page.setViewportSize(viewport);
      await page.goto('/login');
      await page.locator('#sign-in-identifier').fill('member@e2e.test');
      await page.locator('#sign-in-password').fill('Member@12345');
      await page.locator('#sign-in-password').press('Enter');
      await expect(page).toHaveURL(/\/workspace$/);
      // The signed-in header's menu is not converted yet (issue 26, a later round): everything else is.
      const menu = '.app-header-tools';
      // The workspace: the companies' names and logos, and the product tiles, are names.
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Šééļééçţ ÓÓŕĝááñíížááţííóóñ');
      expect(await untranslated(page, `${menu}, .org-card, .product-options`)).toEqual([]);
      expect(await clipped(page)).toEqual([]);
      await page.goto('/setup-multi-factor');
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Ṁúúļţíí-Ƒááçţóóŕ ÁÁúúţĥééñţííçááţííóóñ Šééţúúþ');
      expect(await untranslated(page, menu)).toEqual([]);
      expect(await clipped(page)).toEqual([]);
      // The authenticator's panel: QR code, secret key, recovery code, the code boxes.
      await page.getByRole('checkbox').nth(1).check();
      await expect(page.getByTestId('mfa-secret')).toBeVisible();
      expect(await untranslated(page, menu)).toEqual([]);
      expect(await clipped(page)).toEqual([]);
    });
  }
});

/** A page's first heading and its title, with what never translates (the brand, product and company names) left out. */
async function englishInHeadingOrTitle(page: Page): Promise<string[]> {
  const kept = /Suite Portal|Acme Corporation|Globex[\w ]*|Microsoft/g;
  const heading = (await page.getByRole('heading', { level: 1 }).first().textContent()) ?? '';
  return [heading, await page.title()].filter((text) => /[A-Za-z]{3,}/.test(text.replace(kept, '')));
}

// Every screen in Hindi and in Urdu: the page says its language and direction, its heading and title are translated,
// and axe finds nothing (the lang attribute right on every page, and the mirrored layout still accessible). Urdu's pass
// is in the dark theme, so the translated screens' contrast is checked in both themes (a11y.spec.ts does English's).
for (const [language, dir, scheme] of [
  ['hi', 'ltr', 'light'],
  ['ur', 'rtl', 'dark'],
] as const) {
  test.describe(`every screen in ${language}, ${scheme} theme`, () => {
    test.beforeEach(async ({ context, baseURL, page }) => {
      await context.addCookies([{ name: 'ubs_lang', value: language, url: baseURL! }]);
      await page.emulateMedia({ colorScheme: scheme });
    });

    /** The screen at `path`: its language and direction, the theme in force, its heading and title translated, axe clean. */
    const expectScreen = async (page: Page, path: string) => {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeVisible();
      expect(await htmlLanguage(page), path).toEqual([language, dir]);
      await expect(page.locator('html'), path).toHaveAttribute('data-theme', scheme);
      expect(await englishInHeadingOrTitle(page), path).toEqual([]);
      await expectAccessibleOnceQuiet(page, `${path} in ${language}, ${scheme} theme`);
    };

    test('the screens a visitor reaches', async ({ page }) => {
      test.setTimeout(120_000);
      for (const path of [
        '/login',
        '/forgot-password',
        '/email-sent',
        '/reset/not-a-real-code',
        '/register',
        '/stay-tuned',
        '/verify-email',
        '/forget-with-recovery',
        '/invite/e2e-invite-register',
        '/invite/e2e-invite-expired',
        '/authorize',
        '/downloads',
        '/not-me/not-a-real-code',
        '/acme/login',
        '/acme/register',
        '/no/such/page',
      ]) {
        await expectScreen(page, path);
      }
    });

    test('the signed-in screens', async ({ page }) => {
      test.setTimeout(120_000);
      await page.goto('/login');
      await page.locator('#sign-in-identifier').fill('admin@e2e.test');
      await page.locator('#sign-in-password').fill('Admin@12345');
      await page.locator('#sign-in-password').press('Enter');
      await expect(page).toHaveURL(/\/workspace$/);
      for (const path of ['/workspace', '/change-password', '/account/sessions', '/account/history', '/account/second-factor', '/account/passkeys', '/admin/acme/members', '/admin/acme/security', '/admin/acme/apps']) {
        await expectScreen(page, path);
      }
    });
  });
}
