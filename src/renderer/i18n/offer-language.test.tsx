import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { setPortalConfig } from '../api';
import { loginShellConfig } from '../app/login-shell';
import { saveLanguage } from '../session/saved-session';
import { chooseLanguage, currentLanguage, offerLanguage, showLanguage } from '.';

beforeAll(() => setPortalConfig(loginShellConfig(false)));

afterEach(async () => {
  // No choice remembered: an empty value is none.
  saveLanguage('');
  await showLanguage('en');
});

it('shows an organization’s language to a visitor who chose none (a page the service worker served), never over their choice', async () => {
  offerLanguage(null);
  expect(currentLanguage()).toBe('en');
  offerLanguage('hi');
  await vi.waitFor(() => expect(document.documentElement.lang).toBe('hi'));
  expect(currentLanguage()).toBe('hi');

  await chooseLanguage('en');
  offerLanguage('ta');
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(currentLanguage()).toBe('en');
  expect(document.documentElement.lang).toBe('en');
});
