import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

// The page a desktop app opens in the system browser for its passkey sign-in. The server's side is a recorded `call`;
// the browser's WebAuthn (which jsdom lacks) is played by a ceremony double; where the browser goes is recorded.
vi.mock('../../api', () => import('../admin/call-double'));
const browser = vi.hoisted(() => ({ visited: [] as string[], ceremony: null as null | (() => Promise<unknown>) }));
vi.mock('../../platform', async (importOriginal) => {
  const actual = await importOriginal<typeof import('../../platform')>();
  return { ...actual, platform: { ...actual.platform, redirect: (url: string) => void browser.visited.push(url) } };
});
vi.mock('./passkey-ceremony', async (importOriginal) => ({
  ...(await importOriginal<typeof import('./passkey-ceremony')>()),
  signWithPasskey: () => browser.ceremony!(),
}));

const { calls, replies, resetCalls } = await import('../admin/call-double');
const { default: DesktopPasskeyScreen, readDesktopRequest } = await import('./desktop-passkey-screen');

const CHALLENGE = 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM';
const STATE = 'c3RhdGUtb2YtdGhlLWFwcA';
const LINK = `/desktop-passkey?loopback=51234&state=${STATE}&code_challenge=${CHALLENGE}&code_challenge_method=S256`;
const ASSERTION = { id: 'AbC_-1', rawId: 'AbC_-1', type: 'public-key', response: { clientDataJSON: 'eyJ0', authenticatorData: 'SZYN', signature: 'MEUC' }, clientExtensionResults: {} };

const open = (link = LINK) =>
  render(
    <MemoryRouter initialEntries={[link]}>
      <DesktopPasskeyScreen />
    </MemoryRouter>,
  );

beforeEach(() => {
  resetCalls();
  browser.visited.length = 0;
  browser.ceremony = async () => ASSERTION;
  // A browser with WebAuthn, on the portal's host name.
  vi.stubGlobal('PublicKeyCredential', function PublicKeyCredential() {});
});
afterEach(() => vi.unstubAllGlobals());

describe('/desktop-passkey: a desktop app\'s passkey sign-in in the system browser', () => {
  it('runs the ceremony here and takes the code back to the app at 127.0.0.1 with its state', async () => {
    replies.set('getPasskeySignInOptions', () => ({ challengeId: '123e4567-e89b-42d3-a456-426614174000', options: { challenge: 'Y2hhbGxlbmdl' } }));
    replies.set('passkeyDesktopCode', () => ({ code: 'eyJh.eyJz.c2ln' }));
    open();
    expect(screen.getByRole('heading', { name: 'Sign in to the desktop app' })).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    await waitFor(() => expect(browser.visited).toEqual([`http://127.0.0.1:51234/passkey/callback?code=eyJh.eyJz.c2ln&state=${STATE}`]));
    expect(calls.map((entry) => entry.event)).toEqual(['getPasskeySignInOptions', 'passkeyDesktopCode']);
    expect(calls[1]!.payload).toEqual({ challengeId: '123e4567-e89b-42d3-a456-426614174000', response: ASSERTION, codeChallenge: CHALLENGE });
  });

  it('says why when the passkey is refused, and goes nowhere', async () => {
    replies.set('getPasskeySignInOptions', () => ({ challengeId: '123e4567-e89b-42d3-a456-426614174000', options: { challenge: 'Y2hhbGxlbmdl' } }));
    browser.ceremony = async () => {
      throw Object.assign(new Error('The operation either timed out or was not allowed.'), { name: 'NotAllowedError' });
    };
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Use a passkey' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No passkey was used: the request was cancelled or timed out.');
    expect(browser.visited).toEqual([]);
    expect(screen.getByRole('button', { name: 'Use a passkey' })).toBeEnabled();
  });

  it('Cancel tells the app, so it stops waiting', async () => {
    open();
    await userEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(browser.visited).toEqual([`http://127.0.0.1:51234/passkey/callback?error=access_denied&state=${STATE}`]);
    expect(calls).toEqual([]);
  });

  it('offers nothing for a link the app did not make, or in a browser without passkeys', () => {
    open('/desktop-passkey?loopback=80&state=x');
    expect(screen.getByRole('alert')).toHaveTextContent('This link is not complete. Start the passkey sign-in again from the app.');
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    vi.unstubAllGlobals();
    open();
    expect(screen.getAllByRole('alert').at(-1)).toHaveTextContent('This browser cannot use passkeys.');
  });

  it('reads only what the app sends: a port above 1023, a state, an S256 challenge', () => {
    const read = (query: string) => readDesktopRequest(new URLSearchParams(query));
    expect(read(LINK.split('?')[1]!)).toEqual({ port: 51234, state: STATE, codeChallenge: CHALLENGE });
    expect(read(`loopback=99999&state=${STATE}&code_challenge=${CHALLENGE}&code_challenge_method=S256`)).toBeNull();
    expect(read(`loopback=51234&state=${STATE}&code_challenge=${CHALLENGE}&code_challenge_method=plain`)).toBeNull();
    expect(read(`loopback=51234&state=short&code_challenge=${CHALLENGE}&code_challenge_method=S256`)).toBeNull();
    expect(read(`loopback=51234.5&state=${STATE}&code_challenge=${CHALLENGE}&code_challenge_method=S256`)).toBeNull();
  });
});
