import { act, StrictMode } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { createMemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import { setPortalConfig } from '../api';
import { LOCAL_KEYS } from '../session/local-values';
import { LOGOUT_REASON_KEY } from '../session/logout';
import { PortalApp } from './app-root';
import { showLanguage } from '../i18n';
import type { Language } from '../../shared/i18n/languages';
import { loginShellConfig, renderLoginShells } from './login-shell';
import { appRoutes } from './router';
// What the screen loads after its first paint, loaded here first: a load still under way when a test ends would
// outlive the test's environment (vitest then reports it as an unhandled error), however fast the machine.
import '../features/sign-in/sign-in-schema';
import '../features/sign-in/passkey-sign-in';

// act() outside Testing Library's render: tell React this is a test environment.
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

// The page /login arrives with (the build's prerender) must be what the portal's first render in the browser makes,
// or React throws it away and renders the screen again. These tests hydrate the markup as main.tsx does.
let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
  localStorage.clear();
  sessionStorage.clear();
});

async function hydrate(markup: string, microsoftSignIn: boolean) {
  setPortalConfig(loginShellConfig(microsoftSignIn));
  const container = document.createElement('div');
  container.innerHTML = markup;
  document.body.append(container);
  // Typed before the scripts ran.
  const identifier = container.querySelector<HTMLInputElement>('input[name="identifier"]')!;
  identifier.value = 'early@acme.test';
  const before = container.querySelector('h1');
  const fellBack: unknown[] = [];
  const router = createMemoryRouter(appRoutes(), { initialEntries: ['/login'] });
  await act(async () => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <PortalApp router={router} />
      </StrictMode>,
      { onRecoverableError: (error) => fellBack.push(error) },
    );
  });
  return { container, fellBack, identifier, before };
}

const shells = await renderLoginShells();

describe('/login as the build prerenders it', () => {
  it('is prerendered in each other language, and hydrated as it is once main.tsx has shown that language', async () => {
    const headings: Record<string, string | null | undefined> = {};
    for (const [language, shell] of Object.entries(shells.languages ?? {})) {
      await showLanguage(language as Language);
      const { container, fellBack, identifier, before } = await hydrate(shell.microsoft, true);
      expect(fellBack, language).toEqual([]);
      expect(container.querySelector('h1'), language).toBe(before);
      expect(container.querySelector('input[name="identifier"]'), language).toBe(identifier);
      headings[language] = before?.textContent;
      expect(shell.title, language).toBe(`${before?.textContent} · Suite Portal`);
      act(() => root?.unmount());
      root = null;
      container.remove();
    }
    await showLanguage('en');
    expect(headings).toEqual({ hi: 'साइन इन करें', bn: 'সাইন ইন করুন', ta: 'உள்நுழைக', te: 'సైన్ ఇన్ చేయండి', mr: 'साइन इन करा', ur: 'سائن اِن کریں' });
    expect(shells.title).toBe('Sign In · Suite Portal');
  });


  it('is hydrated as it is, with and without the Microsoft button: React keeps the elements and what was typed', async () => {
    for (const [markup, microsoft] of [
      [shells.plain, false],
      [shells.microsoft, true],
    ] as const) {
      const { container, fellBack, identifier, before } = await hydrate(markup, microsoft);
      expect(fellBack).toEqual([]);
      // The same elements, not a new render of them.
      expect(container.querySelector('h1')).toBe(before);
      expect(container.querySelector('input[name="identifier"]')).toBe(identifier);
      expect(identifier.value).toBe('early@acme.test');
      const buttons = [...container.querySelectorAll('button')].map((button) => button.textContent);
      expect(buttons.includes('Login With Microsoft')).toBe(microsoft);
      expect(container.querySelector<HTMLButtonElement>('button[type="submit"]')?.disabled).toBe(false);
      act(() => root?.unmount());
      root = null;
      container.remove();
    }
  });

  it('names the page as the renderer will: the tab says Sign In before the scripts run', () => {
    expect(shells.title).toBe('Sign In · Suite Portal');
  });

  it('carries no form that could send the password anywhere before the scripts run', () => {
    const page = new DOMParser().parseFromString(`<div id="root">${shells.plain}</div>`, 'text/html');
    const form = page.querySelector('form');
    expect(form?.getAttribute('method')).toBe('dialog');
    expect(form?.hasAttribute('action')).toBe(false);
  });

  it('hydrates for a visitor with a stored company logo and a forced logout, then shows both', async () => {
    localStorage.setItem(LOCAL_KEYS.selectedLogo, 'https://logos.acme.test/acme.png');
    sessionStorage.setItem(LOGOUT_REASON_KEY, 'session-ended');
    const { container, fellBack } = await hydrate(shells.plain, false);
    expect(fellBack).toEqual([]);
    expect(container.querySelector('img.corner-logo')?.getAttribute('src')).toBe('https://logos.acme.test/acme.png');
    expect(container.textContent).toContain('Your session has ended. Please sign in again.');
  });

  it('puts the focus on the heading after a logout (the page loads afresh), and leaves it alone on a plain visit', async () => {
    const plain = await hydrate(shells.plain, false);
    expect(document.activeElement).toBe(document.body);
    act(() => root?.unmount());
    root = null;
    plain.container.remove();

    sessionStorage.setItem(LOGOUT_REASON_KEY, 'user');
    const { container, fellBack } = await hydrate(shells.plain, false);
    expect(fellBack).toEqual([]);
    expect(document.activeElement).toBe(container.querySelector('h1'));
    expect(document.activeElement?.textContent).toBe('Sign In');
    // A user's own logout says nothing about a session that ended.
    expect(container.textContent).not.toContain('Your session has ended.');
    expect(sessionStorage.getItem(LOGOUT_REASON_KEY)).toBeNull();
  });
});
