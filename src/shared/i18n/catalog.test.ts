import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import MessageFormat from '@messageformat/core';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../validation/messages';
import { PASSWORD_CHECKLIST } from '../validation/password';
import { tooLong } from '../validation/fields';
import { isFirstPaintId, type CatalogSource } from './catalog';
import { englishTemplates } from './english-patterns';
import { englishMatcher } from './english-templates';
import { callErrorSites, callTexts, issueSites, messageTables, SAMPLE_ARGUMENT, schemaMessages } from '../../../tests/message-sources';
import { LANGUAGES } from './languages';
import { pseudoMessage } from './pseudo';

// A missing or broken translation fails here (npm test): every language has every id of the English, and each message
// takes the same arguments, with the same plural and select forms, as the English one.
const LOCALES = join(import.meta.dirname, 'locales');
const catalog = (language: string) => JSON.parse(readFileSync(join(LOCALES, `${language}.json`), 'utf8')) as CatalogSource;
const english = catalog('en');
const others = Object.keys(LANGUAGES).filter((language) => language !== 'en');

/** What a message asks of its caller: each argument with how it is used (plain, plural, select and its keys). */
function argumentsOf(message: string): string[] {
  const found = new Set<string>();
  const walk = (tokens: Token[]) => {
    for (const token of tokens) {
      if (token.type === 'argument') found.add(`${token.arg}`);
      else if (token.type === 'function') found.add(`${token.arg}:${token.key}`);
      else if (token.type === 'select') {
        found.add(`${token.arg}:select:${token.cases.map((entry) => entry.key).sort().join('|')}`);
        for (const entry of token.cases) walk(entry.tokens);
      } else if (token.type === 'plural' || token.type === 'selectordinal') {
        found.add(`${token.arg}:${token.type}`);
        for (const entry of token.cases) walk(entry.tokens);
      }
    }
  };
  walk(parse(message, { strict: true }));
  return [...found].sort();
}

describe('the catalogs', () => {
  it('has a catalog file for each language the picker offers, and no other', () => {
    expect(readdirSync(LOCALES).map((file) => file.replace(/\.json$/, '')).sort()).toEqual(Object.keys(LANGUAGES).sort());
  });

  it.each(others)('%s has exactly the English ids, none empty', (language) => {
    const messages = catalog(language);
    expect(Object.keys(messages).filter((id) => !(id in english)), 'ids English does not have').toEqual([]);
    expect(Object.keys(english).filter((id) => !(id in messages)), 'ids not translated').toEqual([]);
    expect(Object.keys(messages).filter((id) => messages[id]?.trim() === ''), 'empty messages').toEqual([]);
  });

  it.each(others)('%s: every message takes the English arguments, plurals and selects, and compiles', (language) => {
    const messages = catalog(language);
    const formatter = new MessageFormat(language, { strict: true });
    for (const [id, message] of Object.entries(messages)) {
      expect(argumentsOf(message), `${language} ${id}`).toEqual(argumentsOf(english[id] ?? ''));
      // Plural categories are the language's own (CLDR): `other` is always required.
      expect(() => formatter.compile(message), `${language} ${id}`).not.toThrow();
    }
  });

  it.each(others)('%s keeps the brand and product names as they are', (language) => {
    const messages = catalog(language);
    for (const [id, message] of Object.entries(english)) {
      for (const name of ['Suite Portal', 'Microsoft', 'HR', 'OTP']) {
        if (message.includes(name)) expect(messages[id], `${language} ${id}`).toContain(name);
      }
    }
  });

  it('groups every id under a namespace (the part before the dot), which decides whether /login carries its English', () => {
    for (const id of Object.keys(english)) expect(id).toMatch(/^[a-z][A-Za-z]*(\.[A-Za-z0-9]+)+$/);
    expect(isFirstPaintId('signIn.lead')).toBe(true);
    expect(isFirstPaintId('reset.title')).toBe(false);
  });

  it('has the English of each shared message the sign-in screens show, word for word (tEnglish translates by it)', () => {
    const shown = [
      MESSAGES.required, MESSAGES.invalid('Email'), MESSAGES.passwordMin, MESSAGES.passwordUppercase, MESSAGES.passwordLowercase,
      MESSAGES.passwordNumber, MESSAGES.passwordSpecial, MESSAGES.passwordMismatch, MESSAGES.otpLength, MESSAGES.invalidCredentials,
      MESSAGES.invalidOnboardingCredentials, MESSAGES.somethingWrong, MESSAGES.invalidOtp, MESSAGES.otpExpired, MESSAGES.otpSent,
      MESSAGES.passwordResetTitle, MESSAGES.passwordResetDone, MESSAGES.resetLinkInvalid, tooLong(254), tooLong(128),
      ...PASSWORD_CHECKLIST.map((rule) => rule.label),
      // The multi-factor setup and recovery code screens.
      MESSAGES.otpVerified, MESSAGES.mfaSetupDone, MESSAGES.invalidRecoveryCode, MESSAGES.invalid('Recovery code'),
      // The workspace.
      MESSAGES.noOrganization, MESSAGES.noProductAccess,
      // The admin console's members, invitations and security policy.
      MESSAGES.invalid('Role'), MESSAGES.invalid('Product access'), MESSAGES.invalid('IP range'), MESSAGES.invalid('This value'), tooLong(64),
    ];
    const texts = new Set(Object.values(english));
    expect(shown.filter((text) => !texts.has(text))).toEqual([]);
    // /reset-with-recovery says the mailed code in a sentence of its own.
    expect(english['recovery.resetNotice']).toContain(MESSAGES.recoveryCodeMailed);
  });
});

describe('digits', () => {
  // A number or a date the screens format is written as Intl writes it for the language (CLDR's default numbering:
  // Bengali and Marathi their own digits, the others 0-9); the catalogs' own digits ("the 6-digit code", "30 days")
  // match, so one screen never shows both. Addresses, versions and codes (127.0.0.1, SAML 2.0, 2001:db8::/32, S256)
  // and ICU's keys (=0) stay as they are.
  const TECHNICAL = /[=.:/\\A-Za-z0-9_#]$/;
  const ASCII_RUN = /[0-9]+/g;
  it.each(Object.keys(LANGUAGES))('%s writes its digits as Intl does for it', (language) => {
    const digits = Array.from({ length: 10 }, (_, digit) => new Intl.NumberFormat(language, { useGrouping: false }).format(digit)).join('');
    const native = digits !== '0123456789';
    const wrong: string[] = [];
    for (const [id, message] of Object.entries(catalog(language))) {
      if (native) {
        for (const found of message.matchAll(ASCII_RUN)) {
          const before = message.slice(0, found.index);
          const after = message.slice(found.index + found[0].length);
          if (!TECHNICAL.test(before) && !/^([.:/][0-9A-Za-z]|[A-Za-z_])/.test(after)) wrong.push(`${id}: ${found[0]}`);
        }
      } else if (/[\u0966-\u096F\u09E6-\u09EF\u0BE6-\u0BEF\u0C66-\u0C6F\u06F0-\u06F9\u0660-\u0669]/.test(message)) wrong.push(id);
    }
    expect(wrong).toEqual([]);
  });
});

describe('the texts that arrive as English (tEnglish): every one has an id, so a new untranslated text fails here', () => {
  const SRC = join(import.meta.dirname, '../..');
  const texts = new Set(Object.values(english));
  const templates = englishMatcher(englishTemplates(english));
  /** Shown translated: a catalog text (any namespace), or a `message.*` text with arguments that matches it. */
  const hasId = (text: string) => texts.has(text) || templates(text) !== null;
  const sourceFiles = (folder: string): string[] =>
    readdirSync(folder).flatMap((name) => {
      const path = join(folder, name);
      if (statSync(path).isDirectory()) return sourceFiles(path);
      return /\.tsx?$/.test(path) && !/\.test\.tsx?$/.test(path) ? [path] : [];
    });

  it('has every message of MESSAGES (each label `invalid` is called with, each wait `tooManyAttempts` says)', () => {
    const labels = new Set(sourceFiles(SRC).flatMap((file) => [...readFileSync(file, 'utf8').matchAll(/MESSAGES\.invalid\('([^']+)'\)/g)].map((found) => found[1]!)));
    expect(labels.size).toBeGreaterThan(5);
    const all = Object.entries(MESSAGES).flatMap(([key, value]): string[] => {
      if (typeof value === 'string') return [value];
      if (key === 'invalid') return [...labels].map((label) => MESSAGES.invalid(label));
      if (key === 'tooManyAttempts') return [1, 2, 30, 59, 60, 61, 119, 900, 900.2, 3600, 86_400].map((seconds) => MESSAGES.tooManyAttempts(seconds));
      return [`MESSAGES.${key}: a function this test does not know; give it samples here`];
    });
    expect(all.filter((text) => !hasId(text))).toEqual([]);
  });

  it('has every message the server replies with (new CallError(code, message) under src/server)', () => {
    // Read by programs, not shown on a screen: the admin API's bearer-token answers and the payload decoding's.
    const MACHINE_FACING = ['server/pipeline/stages/app.ts', 'server/pipeline/stages/decode.ts'];
    // Made at run time from another message: a schema's (each has an id: the next test), a provider's answer.
    const MADE_FROM_OTHERS = ['server/organizations/organization.ts', 'server/pipeline/stages/parse.ts', 'server/sso/saml-connection.ts'];
    // A part the source cannot say (SAMPLE_ARGUMENT) that is a text of the server's own: its real values.
    const RUN_TIME_PARTS: Record<string, string[]> = {
      [`Your company asks for ${SAMPLE_ARGUMENT}.`]: ['work email', 'the authenticator app', 'work email or the authenticator app'].map((factors) => `Your company asks for ${factors}.`),
    };
    const sites = callErrorSites(join(SRC, 'server')).map((site) => ({ ...site, file: relative(SRC, site.file) }));
    expect(sites.length).toBeGreaterThan(100);
    const dynamic = [...new Set(sites.filter((site) => site.texts === null).map((site) => site.file))].sort();
    expect(dynamic.filter((file) => !MADE_FROM_OTHERS.includes(file)), 'a message the test cannot read: give it an id and list it here').toEqual([]);
    // A schema's first message with how many more rows failed (organization.ts): the message itself has an id.
    const COMPOSED = [`${SAMPLE_ARGUMENT} (and ${SAMPLE_ARGUMENT} more row)`, `${SAMPLE_ARGUMENT} (and ${SAMPLE_ARGUMENT} more rows)`];
    const shown = sites
      .filter((site) => !MACHINE_FACING.includes(site.file))
      .flatMap((site) => site.texts ?? [])
      .filter((text) => /[A-Za-z]{2}/.test(text) && !COMPOSED.includes(text))
      .flatMap((text) => RUN_TIME_PARTS[text] ?? [text]);
    expect([...new Set(shown.filter((text) => !hasId(text)))]).toEqual([]);
  }, 60_000);

  it('has every field issue the server builds itself ({ path, message }: an address already invited, a product not in the plan)', () => {
    const sites = issueSites(join(SRC, 'server')).filter((site) => !site.file.includes('/seed/'));
    expect(sites.length).toBeGreaterThan(3);
    expect(sites.filter((site) => site.texts === null).map((site) => relative(SRC, site.file)), 'an issue the test cannot read').toEqual([]);
    // The role in "cannot be opened by a {role}" is one of the three the schema allows.
    const roles = (text: string) => (text.includes(`by a ${SAMPLE_ARGUMENT}:`) ? ['admin', 'member', 'client'].map((role) => text.replace(`by a ${SAMPLE_ARGUMENT}:`, `by a ${role}:`)) : [text]);
    expect([...new Set(sites.flatMap((site) => site.texts!).flatMap(roles).filter((text) => !hasId(text)))]).toEqual([]);
  }, 60_000);

  it('has every text of the server\'s own pages (a company or Microsoft sign-in that cannot go on, an app\'s sign-in that cannot start)', () => {
    // The pages' functions (http/info-page.ts and its callers, oidc/error-page.ts) and the refusals they show.
    const found = callTexts(join(SRC, 'server'), ['infoPage', 'failurePage', 'page', 'serverPage', 'SsoRefusal']);
    expect(found.length).toBeGreaterThan(10);
    // What the page shows as the protocol wrote it (a reason for the audit, an OAuth error's description), and links.
    const NOT_SHOWN_AS_TEXT = (text: string) => /^[a-z0-9_-]+$/.test(text) || text.startsWith('/') || text === 'code_challenge is missing';
    expect([...new Set(found.filter(({ text }) => !NOT_SHOWN_AS_TEXT(text) && !hasId(text)).map(({ file, text }) => `${relative(SRC, file)}: ${text}`))]).toEqual([]);
  }, 60_000);

  it('has every sentence of the server\'s message tables (…_MESSAGES: SAML metadata problems, company and Microsoft sign-in)', () => {
    // SAML_ERROR_MESSAGES says why a SAML answer was refused; the person is shown SSO_MESSAGES.refused whatever the
    // reason (sso/sso-sign-in.ts: an attacker learns nothing of which check failed), the reason goes to the audit.
    const tables = messageTables(join(SRC, 'server')).filter(({ name }) => !name.startsWith('SAML_ERROR_MESSAGES.'));
    expect(tables.map(({ name }) => name.split('.')[0])).toEqual(expect.arrayContaining(['SAML_METADATA_MESSAGES', 'SSO_MESSAGES', 'MICROSOFT_MESSAGES']));
    expect(tables.filter(({ texts }) => texts === null).map(({ name }) => name), 'a sentence the test cannot read').toEqual([]);
    expect(tables.flatMap(({ name, texts }) => texts!.filter((text) => !hasId(text)).map((text) => `${name}: ${text}`))).toEqual([]);
  }, 60_000);

  it('has every message the shared schemas refuse input with (a check\'s text, such as the provider address\'s)', () => {
    // About values the portal's own code makes (ids, tickets, times, a table's page size and sort), answered to a
    // client that sent a malformed call: no one types them, so no screen shows these.
    const MADE_BY_OUR_CODE = [
      'binding must be 32 to 128 URL-safe characters', 'must be the value the sign-in window returned', 'must be the value the sign-in returned',
      'Expected base64url.', 'Expected an S256 code challenge.', 'Expected a code verifier.', 'Expected the code the browser returned.',
      'Expected a time in UTC (ISO 8601).', 'Expected an id.', 'Expected the grant the sign-in returned.', 'Sort by one column at a time.',
      `Choose a page size of ${SAMPLE_ARGUMENT}.`,
    ];
    // A label's or a limit's message, made by a call the first test of this block samples (MESSAGES.invalid, tooLong).
    const SAMPLED = [MESSAGES.invalid(SAMPLE_ARGUMENT), tooLong(Number(SAMPLE_ARGUMENT))];
    const found = [join(SRC, 'shared/protocol'), join(SRC, 'shared/validation')].flatMap((folder) => schemaMessages(folder));
    expect(found.length).toBeGreaterThan(10);
    const shown = found.filter(({ text }) => !MADE_BY_OUR_CODE.includes(text) && !SAMPLED.includes(text));
    expect([...new Set(shown.filter(({ text }) => !hasId(text)).map(({ file, text }) => `${relative(SRC, file)}: ${text}`))]).toEqual([]);
  }, 60_000);
});

describe('the pseudo-locale', () => {
  it('accents every letter and makes each message about 30% longer, keeping its arguments', () => {
    for (const [id, message] of Object.entries(english)) {
      const pseudo = pseudoMessage(message);
      expect(argumentsOf(pseudo), id).toEqual(argumentsOf(message));
      if (message.includes('{')) continue;
      // Plain text: no English word left, and longer by a quarter or more (a long language's room).
      expect(pseudo, id).not.toMatch(/[A-Za-z]{2,}/);
      // (A message with an address or a protocol's names, such as https:// or HTTP-POST, grows less: they are the same
      // in every language.)
      if (message.length >= 10 && !/:\/\/|\b[A-Z]{4,}-[A-Z]/.test(message)) expect(pseudo.length, id).toBeGreaterThanOrEqual(Math.floor(message.length * 1.25));
    }
    expect(pseudoMessage('You will be taken to sign in in {seconds, plural, one {# second} other {# seconds}}.')).toBe(
      'Ýóóúú ŵííļļ ƀéé ţááķééñ ţóó šííĝñ ííñ ííñ {seconds, plural, one {# šééçóóñð} other {# šééçóóñðš}}.',
    );
  });
});
