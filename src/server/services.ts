import type { ServerConfig } from './config';
import type { Db } from './db/client';
import type { RateLimiter } from './auth/rate-limit';
import type { SessionService } from './auth/sessions';
import type { Logger } from './log';
import type { Mailer } from './mail/mailer';

/** What handlers and HTTP routes share: built once at start-up, passed in (no module-level singletons). */
export interface Services {
  config: ServerConfig;
  db: Db;
  sessions: SessionService;
  limiter: RateLimiter;
  log: Logger;
  /** Outgoing mail: SMTP, or the outbox folder. */
  mailer: Mailer;
  /** AES-256-GCM key of authenticator secrets (MFA_KEY, or DATA_DIR/mfa.key). */
  mfaKey: Buffer;
}
