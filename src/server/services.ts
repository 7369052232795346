import type { AccountCache } from './accounts/account-cache';
import type { Background } from './background';
import type { ServerConfig } from './config';
import type { Db } from './db/client';
import type { SessionService } from './auth/sessions';
import type { AttemptLimiter } from './limits/limiter';
import type { Logger } from './log';
import type { Mailer } from './mail/mailer';
import type { Metrics } from './metrics';
import type { MicrosoftSignIn } from './microsoft/microsoft-sign-in';
import type { SsoSignIn } from './sso/sso-sign-in';

/** What handlers and HTTP routes share: built once at start-up, passed in (no module-level singletons). */
export interface Services {
  config: ServerConfig;
  db: Db;
  sessions: SessionService;
  /** Sessions, users and memberships in memory, forgotten on every instance when their rows change. */
  cache: AccountCache;
  /** Attempt budgets (src/server/limits), in the database or in Redis. */
  limiter: AttemptLimiter;
  log: Logger;
  /** Outgoing mail: SMTP, or the outbox folder. */
  mailer: Mailer;
  /** Work a call starts but does not wait for (mail about an existing account). */
  background: Background;
  /** Prometheus metrics of this server (/metrics). */
  metrics: Metrics;
  /** AES-256-GCM key of authenticator secrets (MFA_KEY, or DATA_DIR/mfa.key). */
  mfaKey: Buffer;
  /** Microsoft sign-in (MS_*), or null when MS_CLIENT_ID is not set. */
  microsoft: MicrosoftSignIn | null;
  /** Organizations' own identity providers (OpenID Connect, SAML 2.0): sso/. */
  sso: SsoSignIn;
}
