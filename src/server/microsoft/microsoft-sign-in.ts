import type { CustomFetch } from 'openid-client';
import { CallError, ERROR_CODES, HTTP_ROUTES } from '../../shared/protocol';
import type { UserRow } from '../accounts/queries';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import type { Logger } from '../log';
import { matchAccount } from './account-links';
import { createOidcClient, MicrosoftError, type MicrosoftIdentity } from './oidc-client';
import { beginAttempt, takeAttempt } from './sign-in-attempts';

/** What a user reads when Microsoft sign-in does not sign them in. */
export const MICROSOFT_MESSAGES = {
  notConfigured: 'Microsoft sign-in is not configured on this portal.',
  unavailable: 'Microsoft sign-in is not available right now. Please try again later or sign in with your email address and password.',
  expired: 'This Microsoft sign-in has expired or was already used. Please start again.',
  refused: 'Microsoft did not confirm this sign-in. Please start again.',
  noAccount: 'No account uses this Microsoft sign-in.',
} as const;

/** The redirect URI of a sign-in: the portal's callback page, or the desktop app's loopback listener (RFC 8252). */
export function redirectUriFor(publicUrl: string, loopbackPort?: number): string {
  return loopbackPort === undefined ? `${publicUrl}${HTTP_ROUTES.msCallback}` : `http://127.0.0.1:${loopbackPort}${HTTP_ROUTES.msCallback}`;
}

/**
 * Microsoft sign-in, start to end, apart from the transports: `start` (GET /auth/ms/login) makes the attempt and the
 * provider URL; `finish` (msLogin) takes the attempt once, redeems the code and finds the account. Null when
 * MS_CLIENT_ID is not set.
 */
export function createMicrosoftSignIn(config: ServerConfig, db: Db, log: Logger, options: { fetch?: CustomFetch } = {}) {
  if (!config.microsoft) return null;
  const oidc = createOidcClient(config.microsoft, log, options);

  const failure = (error: unknown): never => {
    if (error instanceof MicrosoftError && error.kind === 'refused') {
      log.warn('microsoft.refused', { reason: error.reason });
      throw new CallError(ERROR_CODES.FORBIDDEN, MICROSOFT_MESSAGES.refused);
    }
    if (error instanceof MicrosoftError) throw new CallError(ERROR_CODES.INTERNAL, MICROSOFT_MESSAGES.unavailable);
    throw error;
  };

  return {
    /** The provider URL for a new sign-in bound to the opener's `binding`; MicrosoftError when the provider is unreachable. */
    async start(binding: string, loopbackPort?: number): Promise<URL> {
      const attempt = await beginAttempt(db, binding, redirectUriFor(config.publicUrl, loopbackPort));
      return oidc.authorizationUrl(attempt);
    },

    /** The account a returned code signs in to; CallError with a message of MICROSOFT_MESSAGES otherwise. */
    async finish(callback: { code: string; state: string; binding: string; iss?: string }): Promise<{ user: UserRow; identity: MicrosoftIdentity; by: 'link' | 'email' }> {
      const attempt = await takeAttempt(db, callback.state, callback.binding);
      if (!attempt) throw new CallError(ERROR_CODES.FORBIDDEN, MICROSOFT_MESSAGES.expired);
      const identity = await oidc.redeem({ ...attempt, code: callback.code, iss: callback.iss }).catch(failure);
      const match = await matchAccount(db, identity);
      if (!match) {
        log.info('microsoft.no-account', { issuer: identity.issuer, emailVerified: identity.verifiedEmail !== null });
        throw new CallError(ERROR_CODES.FORBIDDEN, MICROSOFT_MESSAGES.noAccount);
      }
      return { ...match, identity };
    },
  };
}

export type MicrosoftSignIn = NonNullable<ReturnType<typeof createMicrosoftSignIn>>;
