import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { eq } from 'drizzle-orm';
import { beforeEach, expect, it } from 'vitest';
import { organizations } from '../../src/server/db/schema';
import { UNKNOWN_LANGUAGE } from '../../src/shared/protocol/language-events';
import { adminSeed, auditOf, person, signedIn } from './fixtures/admin-seed';
import { describeEngines, resetLimits, useTestServer } from './harness';

// Issue 26: an organization's language, set in the admin console, is the language of its signed-out pages
// (/{orgId}/login, /register, /forgot-password…) for a visitor who chose none: the `ubs_lang` cookie first, then the
// organization's language, then Accept-Language, then English.

const ADA = 'ada.admin@acme.test';
const MEL = 'mel.member@acme.test';
const RIO = 'rio.rival@rival.test';
const seed = adminSeed({
  users: [person(ADA, [{ orgId: 'acme', role: 'admin' }]), person(MEL, [{ orgId: 'acme', role: 'member', productAccess: ['hrms'] }]), person(RIO, [{ orgId: 'rival', role: 'admin' }])],
});

/** A build of the portal as small as the server needs: its page, with the `<html lang>` the server rewrites. */
const webRoot = mkdtempSync(join(tmpdir(), 'suite-portal-org-language-'));
writeFileSync(join(webRoot, 'index.html'), '<!doctype html>\n<html lang="en">\n  <head>\n    <title>Suite Portal</title>\n  </head>\n  <body>\n    <div id="root"></div>\n  </body>\n</html>\n');

describeEngines('the organization language', (engine) => {
  const app = useTestServer(engine, seed, () => ({ WEB_ROOT: webRoot }));
  beforeEach(async () => {
    await resetLimits(app());
    await app().server.database.db.update(organizations).set({ language: null });
  });

  /** The page's `<html lang>` and `dir` for a path, as a browser with these headers gets it. */
  const pageOf = async (path: string, headers: Record<string, string> = {}) => {
    const response = await fetch(`${app().url}${path}`, { headers });
    const html = await response.text();
    const [, lang, dir] = /<html lang="([^"]*)" dir="([^"]*)"/.exec(html) ?? [];
    return { status: response.status, lang, dir };
  };
  const storedLanguage = async (orgId: string) => {
    const [row] = await app().server.database.db.select({ language: organizations.language }).from(organizations).where(eq(organizations.orgId, orgId));
    return row?.language;
  };

  it('lets an admin set it (and set it back to the browser\'s), in the settings and the audit', async () => {
    const ada = await signedIn(app(), ADA);
    expect(await ada.call('getOrganizationSettings', { orgId: 'acme' })).toMatchObject({ orgId: 'acme', language: null });
    const set = await ada.call('updateOrganizationLanguage', { orgId: 'acme', language: 'hi' });
    expect(set.settings).toMatchObject({ orgId: 'acme', company: 'Acme Console', language: 'hi' });
    expect(await storedLanguage('acme')).toBe('hi');
    expect((await ada.call('getOrganizationSettings', { orgId: 'acme' })).language).toBe('hi');
    // The sign-in screens' company details say it to anyone, signed in or not (a page the service worker served).
    const visitor = await app().connect();
    expect(await visitor.call('getCompanyDetails', { orgId: 'acme' })).toMatchObject({ company: 'Acme Console', language: 'hi' });
    // The same again changes nothing and writes no second line.
    await ada.call('updateOrganizationLanguage', { orgId: 'acme', language: 'hi' });
    const back = await ada.call('updateOrganizationLanguage', { orgId: 'acme', language: null });
    expect(back.settings.language).toBeNull();
    expect(await storedLanguage('acme')).toBeNull();

    const lines = (await auditOf(ada, 'acme')).filter((line) => line.kind === 'organization-language-changed');
    expect(lines).toEqual([
      { kind: 'organization-language-changed', actor: 'Ada Admin (ada.admin@acme.test)', member: '', detail: 'हिन्दी (hi) → the visitor\'s browser' },
      { kind: 'organization-language-changed', actor: 'Ada Admin (ada.admin@acme.test)', member: '', detail: 'the visitor\'s browser → हिन्दी (hi)' },
    ]);
  });

  it('is for admins of the organization only: a member and another organization\'s admin are refused, and nothing changes', async () => {
    const ada = await signedIn(app(), ADA);
    const languageLines = async () => (await auditOf(ada, 'acme')).filter((line) => line.kind === 'organization-language-changed');
    const before = await languageLines();
    const mel = await signedIn(app(), MEL);
    expect(await mel.emit('updateOrganizationLanguage', { orgId: 'acme', language: 'ta' })).toMatchObject({ code: 403 });
    const rio = await signedIn(app(), RIO);
    expect(await rio.emit('updateOrganizationLanguage', { orgId: 'acme', language: 'ta' })).toMatchObject({ code: 403 });
    expect(await rio.emit('updateOrganizationLanguage', { orgId: 'nowhere', language: 'ta' })).toMatchObject({ code: 403 });
    const anonymous = await app().connect();
    expect(await anonymous.emit('updateOrganizationLanguage', { orgId: 'acme', language: 'ta' })).toMatchObject({ code: 401 });
    expect(await storedLanguage('acme')).toBeNull();
    expect(await languageLines()).toEqual(before);
  });

  it('refuses a language the portal does not offer (the pseudo-locale too) with a 400 naming the field, and changes nothing', async () => {
    const ada = await signedIn(app(), ADA);
    const refusal = { code: 400, error: `language: ${UNKNOWN_LANGUAGE}`, data: { fields: ['language'] } };
    for (const language of ['fr', 'en-XA', 'HI', '', 42]) {
      expect(await ada.emit('updateOrganizationLanguage', { orgId: 'acme', language }), JSON.stringify(language)).toMatchObject(refusal);
    }
    expect((await ada.emit('updateOrganizationLanguage', { orgId: 'acme' })).code).toBe(400);
    expect(await storedLanguage('acme')).toBeNull();
  });

  it('makes /{orgId}/login in the cookie\'s language, else the organization\'s, else Accept-Language\'s, else English', async () => {
    const english = { 'accept-language': 'en-US,en;q=0.9' };
    // No language set: the browser's, as on every page.
    expect(await pageOf('/acme/login', { 'accept-language': 'ta-IN,ta;q=0.9' })).toEqual({ status: 200, lang: 'ta', dir: 'ltr' });
    expect(await pageOf('/acme/login', english)).toMatchObject({ lang: 'en' });
    expect(await pageOf('/acme/login')).toMatchObject({ lang: 'en' });

    const ada = await signedIn(app(), ADA);
    await ada.call('updateOrganizationLanguage', { orgId: 'acme', language: 'hi' });
    // The next page load has it: the organization's language before the browser's…
    expect(await pageOf('/acme/login', english)).toEqual({ status: 200, lang: 'hi', dir: 'ltr' });
    expect(await pageOf('/acme/login', { 'accept-language': 'fr' })).toMatchObject({ lang: 'hi' });
    expect(await pageOf('/acme/login')).toMatchObject({ lang: 'hi' });
    // …on every signed-out page of the organization, preboarding's included…
    for (const path of ['/acme/register', '/acme/forgot-password', '/acme/email-sent', '/acme/reset/some-code', '/acme/preboarding/login', '/acme/preboarding/register']) {
      expect(await pageOf(path, english), path).toMatchObject({ status: 200, lang: 'hi' });
    }
    // …and the visitor's own choice (the cookie) before it, the pseudo-locale included.
    expect(await pageOf('/acme/login', { ...english, cookie: 'theme=dark; ubs_lang=en' })).toMatchObject({ lang: 'en' });
    expect(await pageOf('/acme/login', { cookie: 'ubs_lang=ur' })).toEqual({ status: 200, lang: 'ur', dir: 'rtl' });
    expect(await pageOf('/acme/login', { cookie: 'ubs_lang=en-XA' })).toMatchObject({ lang: 'en-XA' });
    // A cookie naming no language is no choice.
    expect(await pageOf('/acme/login', { ...english, cookie: 'ubs_lang=xx' })).toMatchObject({ lang: 'hi' });

    // Not the portal's other pages, nor another organization's, nor a path an earlier route takes.
    expect(await pageOf('/login', english)).toMatchObject({ lang: 'en' });
    expect(await pageOf('/workspace', english)).toMatchObject({ lang: 'en' });
    expect(await pageOf('/rival/login', english)).toMatchObject({ lang: 'en' });
    expect(await pageOf('/invite/login', english)).toMatchObject({ lang: 'en' });
    expect(await pageOf('/account/login', english)).toMatchObject({ lang: 'en' });

    // Changed again in the console: the next page load follows.
    await ada.call('updateOrganizationLanguage', { orgId: 'acme', language: 'ur' });
    expect(await pageOf('/acme/login', english)).toEqual({ status: 200, lang: 'ur', dir: 'rtl' });
    await ada.call('updateOrganizationLanguage', { orgId: 'acme', language: null });
    expect(await pageOf('/acme/login', english)).toMatchObject({ lang: 'en' });
  });

  it('makes an unknown organization\'s pages in the browser\'s language, without an error', async () => {
    expect(await pageOf('/no-such-company/login', { 'accept-language': 'bn-IN,bn;q=0.9' })).toEqual({ status: 200, lang: 'bn', dir: 'ltr' });
    expect(await pageOf('/no-such-company/login', { cookie: 'ubs_lang=mr', 'accept-language': 'bn' })).toMatchObject({ status: 200, lang: 'mr' });
    expect(await pageOf('/no-such-company/forgot-password')).toMatchObject({ status: 200, lang: 'en' });
    // Twice, as the server keeps the answer: the same page.
    expect(await pageOf('/no-such-company/login', { 'accept-language': 'te' })).toMatchObject({ status: 200, lang: 'te' });
    expect(app().logs.filter((line) => line.includes('"level":"error"'))).toEqual([]);
  });

  it('keeps the answer for the pages until the organization changes, also when it changes outside the console', async () => {
    const english = { 'accept-language': 'en' };
    expect(await pageOf('/acme/login', english)).toMatchObject({ lang: 'en' });
    // A change written straight into the database (another instance, an operator) is announced to every instance.
    await app().server.database.db.update(organizations).set({ language: 'te' }).where(eq(organizations.orgId, 'acme'));
    await expect.poll(async () => (await pageOf('/acme/login', english)).lang, { timeout: 5_000 }).toBe('te');
  });
});
