import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import MessageFormat from '@messageformat/core';
import { parse, type Token } from '@messageformat/parser';
import { describe, expect, it } from 'vitest';
import { MESSAGES } from '../validation/messages';
import { PASSWORD_CHECKLIST } from '../validation/password';
import { tooLong } from '../validation/fields';
import { isFirstPaintId, type CatalogSource } from './catalog';
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

describe('the pseudo-locale', () => {
  it('accents every letter and makes each message about 30% longer, keeping its arguments', () => {
    for (const [id, message] of Object.entries(english)) {
      const pseudo = pseudoMessage(message);
      expect(argumentsOf(pseudo), id).toEqual(argumentsOf(message));
      if (message.includes('{')) continue;
      // Plain text: no English word left, and longer by a quarter or more (a long language's room).
      expect(pseudo, id).not.toMatch(/[A-Za-z]{2,}/);
      if (message.length >= 10) expect(pseudo.length, id).toBeGreaterThanOrEqual(Math.floor(message.length * 1.25));
    }
    expect(pseudoMessage('You will be taken to sign in in {seconds, plural, one {# second} other {# seconds}}.')).toBe(
      'Ýóóúú ŵííļļ ƀéé ţááķééñ ţóó šííĝñ ííñ ííñ {seconds, plural, one {# šééçóóñð} other {# šééçóóñðš}}.',
    );
  });
});
