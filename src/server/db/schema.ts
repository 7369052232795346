import { sql } from 'drizzle-orm';
import { bigint, boolean, check, customType, index, integer, jsonb, pgTable, primaryKey, text, timestamp, uniqueIndex, uuid } from 'drizzle-orm/pg-core';
import type { Language } from '../../shared/i18n/languages';
import type { ProductKey, Role } from '../../shared/products';
import type { AuditKind } from '../../shared/protocol/security-schemas';

// One schema for PGlite and PostgreSQL. Change it, then `npm run db:generate` writes the next migration.

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/** A company of the suite: its plan, second-factor policy and allowed addresses. */
export const organizations = pgTable('organizations', {
  id: uuid('id').primaryKey().defaultRandom(),
  orgId: text('org_id').notNull().unique(),
  company: text('company').notNull(),
  logoUrl: text('logo_url'),
  plan: jsonb('plan').$type<Partial<Record<ProductKey, boolean>>>().notNull().default({}),
  mfaEmail: boolean('mfa_email').notNull().default(false),
  mfaAuthenticatorApp: boolean('mfa_authenticator_app').notNull().default(false),
  allowedIpRanges: jsonb('allowed_ip_ranges').$type<string[]>().notNull().default([]),
  /** Members may skip this organization's second factor on a trusted device ("Don't ask again on this device for 30 days"). */
  allowTrustedDevices: boolean('allow_trusted_devices').notNull().default(true),
  verified: boolean('verified').notNull().default(true),
  /** What the company told us at sign-up (phone, country, employee count, industry, referral codes); null for seeded ones. */
  signUpDetails: jsonb('sign_up_details').$type<Record<string, string>>(),
  /**
   * The language of the organization's signed-out pages (/{orgId}/login…) for a visitor who chose none (issue 26): a
   * code of LANGUAGES (src/shared/i18n/languages.ts), set in the admin console; null follows the visitor's browser.
   */
  language: text('language').$type<Language>(),
  ...timestamps,
});

/** A person who signs in. Email and user name are stored in lower case, so lookups ignore case. */
export const users = pgTable(
  'users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    email: text('email').notNull().unique(),
    userName: text('user_name').unique(),
    employeeCode: text('employee_code'),
    passwordHash: text('password_hash').notNull(),
    /**
     * False while the account has a password nobody chose (a company signed up before sign-up asked for one, a seed
     * user without `password`): the next verified step (/verify-email with a mailed code) asks for one.
     */
    passwordChosen: boolean('password_chosen').notNull().default(true),
    firstName: text('first_name').notNull(),
    lastName: text('last_name').notNull(),
    verified: boolean('verified').notNull().default(true),
    mustChangePassword: boolean('must_change_password').notNull().default(false),
    activeOrgId: uuid('active_org_id').references(() => organizations.id, { onDelete: 'set null' }),
    mfaEmail: boolean('mfa_email').notNull().default(false),
    mfaAuthenticatorApp: boolean('mfa_authenticator_app').notNull().default(false),
    /** The authenticator secret in use, sealed with AES-256-GCM under the server's MFA key. */
    mfaSecret: text('mfa_secret'),
    /** The last RFC 6238 time step accepted for this user: a code is accepted once. */
    mfaLastStep: integer('mfa_last_step'),
    /** sha256 of the recovery code in force (single use; a fresh one replaces it when it is spent). */
    mfaRecoveryHash: text('mfa_recovery_hash'),
    /** What generateQRCode issued and setup has not saved yet. */
    mfaPendingSecret: text('mfa_pending_secret'),
    mfaPendingRecoveryHash: text('mfa_pending_recovery_hash'),
    /** The step at which the pending secret was verified; null while it is not verified. */
    mfaPendingStep: integer('mfa_pending_step'),
    /**
     * The account's language (issue 26): a code of LANGUAGES (src/shared/i18n/languages.ts), set by `setLanguage` and
     * at a sign-in from the connection's language when that is the user's choice (the `ubs_lang` cookie) or the account
     * has none yet; its mails are written in it. Null while none was ever known.
     */
    language: text('language'),
    ...timestamps,
  },
  (table) => [index('users_employee_code_idx').on(table.employeeCode)],
);

/** A user's role and product access in one organization. */
export const memberships = pgTable(
  'memberships',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    role: text('role').$type<Role>().notNull(),
    productAccess: jsonb('product_access').$type<ProductKey[]>().notNull().default([]),
    ...timestamps,
  },
  (table) => [uniqueIndex('memberships_user_org_idx').on(table.userId, table.organizationId)],
);

/** A signed-in session. The token names it; revoking the row ends the token at once. */
export const sessions = pgTable(
  'sessions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account of a `user` session, or the onboarding employee of an `onboarding` one (exactly one is set). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    onboardingEmployeeId: uuid('onboarding_employee_id').references(() => onboardingEmployees.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'user' | 'onboarding'>().notNull().default('user'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    ip: text('ip'),
    userAgent: text('user_agent'),
    deviceToken: text('device_token'),
    /** Web, desktop or mobile (the login payload's platform, else read from the user agent); the desktop app and version. */
    platform: text('platform').$type<'web' | 'desktop' | 'mobile'>(),
    appFlavor: text('app_flavor').$type<'chat' | 'track'>(),
    appVersion: text('app_version'),
    /** Browser and operating system read from the user agent at sign-in ("Chrome 126 on Windows 10"). */
    device: text('device'),
    /** Refreshed at most once a minute by the calls the session makes, with the address they came from. */
    lastSeenAt: timestamp('last_seen_at', { withTimezone: true }).notNull().defaultNow(),
    lastIp: text('last_ip'),
  },
  (table) => [index('sessions_user_idx').on(table.userId), index('sessions_device_token_idx').on(table.deviceToken)],
);

/**
 * The append-only audit log (its kinds and their words: src/shared/protocol/security-schemas.ts) of sign-ins, failures, locks, and password and second-factor changes, one row per event
 * about an account. Rows are never updated or deleted (a trigger refuses both, except when the account itself is
 * deleted); the user reads their own, an organization's admin those of its members since they joined.
 */
export const auditEvents = pgTable(
  'audit_events',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    /** The account the event is about; null for an organization's own change (its policy, an invitation, an app). */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The organization an administrator's change was made in (its audit shows it); null for an account's own events. */
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    /** Who made an administrator's change, as read at the time: "Ada Admin (admin@acme.test)", or "app HR Sync (client id)". */
    actor: text('actor'),
    /** What the change was about when it is not an account: an invited address, an app's name. */
    subject: text('subject'),
    kind: text('kind').$type<AuditKind>().notNull(),
    /** How or why: 'password', 'authenticator app', 'work email', 'recovery code', 'link', 'from this address'… */
    detail: text('detail'),
    ip: text('ip'),
    userAgent: text('user_agent'),
    device: text('device'),
    platform: text('platform'),
    /** The session the event opened or ended, or the one it was made from. */
    sessionId: uuid('session_id'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('audit_events_user_time_idx').on(table.userId, table.createdAt),
    index('audit_events_org_time_idx').on(table.organizationId, table.createdAt),
    check('audit_events_about_something', sql`${table.userId} IS NOT NULL OR ${table.organizationId} IS NOT NULL`),
  ],
);

/**
 * Attempt counters of the limits (src/server/limits), in the shape rate-limiter-flexible's Drizzle store uses: one
 * row per key, the points spent in the current window, and when the window (or a lock) ends. Keys carry a hash of
 * the identifier or email they count, never the value itself.
 */
export const rateLimits = pgTable('rate_limits', {
  key: text('key').primaryKey(),
  points: integer('points').notNull().default(0),
  expire: timestamp('expire', { withTimezone: true }),
});

/** Keys the server makes for itself on first start (the session signing key), shared by every instance on one database. */
export const serverSecrets = pgTable('server_secrets', {
  name: text('name').primaryKey(),
  value: text('value').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/** A third-party application allowed to sign users in (OAuth 2.0 with PKCE). */
export const oauthClients = pgTable('oauth_clients', {
  clientId: text('client_id').primaryKey(),
  /** The organization that registered the app in its admin console; null for the deployment's own apps (the seed). */
  organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
  /** Set while an admin has turned the app off: it cannot sign anyone in, and its tokens stop working. */
  disabledAt: timestamp('disabled_at', { withTimezone: true }),
  name: text('name').notNull(),
  logoUrl: text('logo_url'),
  redirectUris: jsonb('redirect_uris').$type<string[]>().notNull().default([]),
  /** sha256 (hex) of the client secret of a confidential client (client_secret_basic); null: a public client, PKCE only. */
  secretHash: text('secret_hash'),
  postLogoutRedirectUris: jsonb('post_logout_redirect_uris').$type<string[]>().notNull().default([]),
  /** Scopes the client may ask for, besides openid. */
  scopes: jsonb('scopes').$type<string[]>().notNull().default(['openid', 'email', 'profile', 'offline_access']),
  /** A suite app (the seed's `firstParty`): signs in without a consent screen. Apps an organization registers ask. */
  firstParty: boolean('first_party').notNull().default(false),
  /** OpenID back-channel logout: where a logout token is POSTed when the portal session the user signed in with ends. */
  backchannelLogoutUri: text('backchannel_logout_uri'),
  ...timestamps,
});

/** A user's consent to a third-party app (not `firstParty`): asked once per user and app, listed and revoked in /account. */
export const oauthConsents = pgTable(
  'oauth_consents',
  {
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    clientId: text('client_id')
      .notNull()
      .references(() => oauthClients.clientId, { onDelete: 'cascade' }),
    /** The scopes consented to; an app asking for more asks again. */
    scopes: jsonb('scopes').$type<string[]>().notNull().default([]),
    ...timestamps,
  },
  (table) => [primaryKey({ name: 'oauth_consents_pk', columns: [table.userId, table.clientId] })],
);

/**
 * The OpenID provider's state (oidc-provider's adapter): authorization codes, access and refresh tokens, grants,
 * sessions and interactions, one row each, shared by every instance. `orgId` is the organization a grant was given
 * for (the `org_id` claim of its tokens).
 */
export const oidcModels = pgTable(
  'oidc_models',
  {
    kind: text('kind').notNull(),
    id: text('id').notNull(),
    payload: jsonb('payload').$type<Record<string, unknown>>().notNull(),
    grantId: text('grant_id'),
    uid: text('uid'),
    userCode: text('user_code'),
    orgId: text('org_id'),
    /** On a Grant: the portal session it was made with; ending that session sends the app a back-channel logout. */
    sessionId: uuid('session_id'),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    consumedAt: timestamp('consumed_at', { withTimezone: true }),
  },
  (table) => [
    uniqueIndex('oidc_models_pk').on(table.kind, table.id),
    index('oidc_models_grant_idx').on(table.grantId),
    index('oidc_models_uid_idx').on(table.kind, table.uid),
    index('oidc_models_expires_idx').on(table.expiresAt),
    index('oidc_models_session_idx').on(table.sessionId).where(sql`${table.sessionId} IS NOT NULL`),
  ],
);

/** The OpenID provider's signing keys (private JWKs), made on first start; the newest signs, all are published. */
export const oidcSigningKeys = pgTable('oidc_signing_keys', {
  kid: text('kid').primaryKey(),
  jwk: jsonb('jwk').$type<Record<string, unknown>>().notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  /** Set when a newer key takes over: still published (tokens it signed verify) until deleted. */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
});

/** An invitation to join an organization. Only a hash of the code is kept. */
export const invitations = pgTable(
  'invitations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    codeHash: text('code_hash').notNull().unique(),
    /**
     * The hash of the code a seed file gave it (null for the console's): the seed finds its invitation by this even
     * after a resend replaced the code, so a restart never brings an old link back to life.
     */
    seedCodeHash: text('seed_code_hash').unique(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    role: text('role').$type<Role>().notNull(),
    productAccess: jsonb('product_access').$type<ProductKey[]>().notNull().default([]),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    /** Set when an admin revokes it: its link stops working. */
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** The admin who sent it (null for the seed's, or once that account is gone). */
    invitedBy: uuid('invited_by').references(() => users.id, { onDelete: 'set null' }),
    /** When its mail last went out (sent, or resent with a fresh code). */
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
    ...timestamps,
  },
  (table) => [index('invitations_email_idx').on(table.email), index('invitations_org_idx').on(table.organizationId, table.createdAt)],
);

/** An employee an organization is onboarding or preboarding; signs in at /{orgId}/login (or /preboarding/) once a password is set. */
export const onboardingEmployees = pgTable(
  'onboarding_employees',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    employeeCode: text('employee_code'),
    preboarding: boolean('preboarding').notNull().default(false),
    /** Null until the employee signs up (sets a password). */
    passwordHash: text('password_hash'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('onboarding_employees_org_email_idx').on(table.organizationId, table.email),
    index('onboarding_employees_code_idx').on(table.organizationId, table.employeeCode),
  ],
);

/**
 * An image uploaded in the admin console (a company logo, an app's logo), kept in the database so every instance
 * serves it: its bytes (base64), type and size as checked on upload. Served at /images/{id} once it is in use
 * (`attachedAt`); one not used within an hour of its upload is deleted.
 */
export const images = pgTable(
  'images',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    uploadedBy: uuid('uploaded_by').references(() => users.id, { onDelete: 'set null' }),
    contentType: text('content_type').notNull(),
    data: text('data').notNull(),
    byteSize: integer('byte_size').notNull(),
    sha256: text('sha256').notNull(),
    attachedAt: timestamp('attached_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [index('images_unattached_idx').on(table.attachedAt, table.createdAt)],
);

/** What a one-time code proves when it is used. */
export type CodePurpose = 'verify-account' | 'verify-organization' | 'reset-password' | 'onboarding-reset' | 'mfa-login' | 'recovery-reset' | 'unlock-account';

/**
 * Devices a user chose to trust after a second factor: the sha256 of the device's random token (the `portal_device`
 * cookie, or the desktop keychain), for 30 days. A row starts as a grant (`grant_hash`, 5 minutes, redeemed once by a
 * conditional update that sets `token_hash`); only a redeemed, unrevoked, unexpired row skips the second factor.
 */
export const trustedDevices = pgTable(
  'trusted_devices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').unique(),
    grantHash: text('grant_hash').unique(),
    grantExpiresAt: timestamp('grant_expires_at', { withTimezone: true }),
    /** "Chrome 126 on Windows 10", as `describeDevice` reads the sign-in that trusted it. */
    device: text('device').notNull(),
    ip: text('ip'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (table) => [index('trusted_devices_user_idx').on(table.userId)],
);

/**
 * The "This was not me" link of a new-device mail: the sha256 of its code, the session it ends, single use
 * (`used_at` by a conditional update), 7 days.
 */
export const newDeviceAlerts = pgTable('new_device_alerts', {
  id: uuid('id').primaryKey().defaultRandom(),
  userId: uuid('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  sessionId: uuid('session_id').notNull(),
  codeHash: text('code_hash').notNull().unique(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Mailed one-time codes (six-digit OTPs) and link secrets. Only a sha256 of the secret is kept; `usedAt` makes
 * each single-use, `expiresAt` bounds its life. A newer code of the same purpose and subject replaces older ones.
 */
export const oneTimeCodes = pgTable(
  'one_time_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    purpose: text('purpose').$type<CodePurpose>().notNull(),
    codeHash: text('code_hash').notNull(),
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    onboardingEmployeeId: uuid('onboarding_employee_id').references(() => onboardingEmployees.id, { onDelete: 'cascade' }),
    organizationId: uuid('organization_id').references(() => organizations.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [
    index('one_time_codes_hash_idx').on(table.codeHash),
    index('one_time_codes_user_idx').on(table.userId, table.purpose),
    index('one_time_codes_employee_idx').on(table.onboardingEmployeeId, table.purpose),
  ],
);

/**
 * Mail waiting to be delivered (the durable outbox): written in the same transaction as the code or link it carries,
 * delivered in the background, retried with backoff while the relay is away, dropped once `expiresAt` passes (when
 * what it carries no longer works). A row is claimed by one instance at a time (`lockedUntil`).
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    textBody: text('text_body').notNull(),
    htmlBody: text('html_body').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    notBefore: timestamp('not_before', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    attempts: integer('attempts').notNull().default(0),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    sentAt: timestamp('sent_at', { withTimezone: true }),
  },
  (table) => [index('mail_outbox_due_idx').on(table.sentAt, table.notBefore)],
);

/**
 * A Microsoft sign-in started at /auth/ms/login and not finished yet: what the callback needs (PKCE verifier, nonce,
 * redirect URI) under the sha256 of its `state`, bound to the opener's `binding` (sha256 too). Finishing it is a
 * conditional update of `usedAt`, so a state works once, on whichever instance; rows are gone an hour after expiry.
 */
export const microsoftSignIns = pgTable(
  'microsoft_sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    stateHash: text('state_hash').notNull().unique(),
    bindingHash: text('binding_hash').notNull(),
    codeVerifier: text('code_verifier').notNull(),
    nonce: text('nonce').notNull(),
    redirectUri: text('redirect_uri').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('microsoft_sign_ins_expires_idx').on(table.expiresAt)],
);

/**
 * A Microsoft identity linked to an account: the ID token's issuer (per tenant) and the provider's stable id of the
 * person in it (Entra's `oid`, else `sub`). Made at the first Microsoft sign-in matched by verified email.
 */
export const microsoftLinks = pgTable(
  'microsoft_links',
  {
    issuer: text('issuer').notNull(),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The email the token carried when the link was made (for the audit and support). */
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.issuer, table.subject] }), index('microsoft_links_user_idx').on(table.userId)],
);

/** Raw bytes (a passkey's public key): a Buffer to the driver, a Uint8Array back (pg gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Uint8Array<ArrayBuffer>; driverData: Uint8Array }>({
  dataType: () => 'bytea',
  toDriver: (value) => Buffer.from(value),
  fromDriver: (value) => Uint8Array.from(value),
});

/**
 * A passkey (WebAuthn credential) of an account: the credential id as the browser reports it (base64url, unique
 * across accounts), its COSE public key, the signature counter last seen (a counter that goes backwards is refused:
 * a cloned authenticator), its transports, and the backup flags the authenticator reported at the last use.
 */
export const passkeys = pgTable(
  'passkeys',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    credentialId: text('credential_id').notNull().unique(),
    publicKey: bytea('public_key').notNull(),
    counter: bigint('counter', { mode: 'number' }).notNull().default(0),
    transports: text('transports').array().notNull().default(sql`'{}'::text[]`),
    /** `singleDevice` or `multiDevice` (may be synced, as a password manager's passkeys are). */
    deviceType: text('device_type').$type<'singleDevice' | 'multiDevice'>().notNull(),
    backedUp: boolean('backed_up').notNull().default(false),
    /** The owner's name for it ("Work laptop"). */
    name: text('name').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  },
  (table) => [index('passkeys_user_idx').on(table.userId)],
);

/** What a WebAuthn challenge was issued for. */
export type WebAuthnPurpose = 'register' | 'sign-in' | 'second-factor';

/**
 * A WebAuthn challenge handed out with registration or authentication options: usable once (a conditional update of
 * `used_at`), for five minutes, by what asked for it (`binding`: the session that asked to register, or the sign-in
 * attempt) and for its `purpose`. Rows expired for an hour are swept when new ones are made.
 */
export const webauthnChallenges = pgTable(
  'webauthn_challenges',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    challenge: text('challenge').notNull(),
    purpose: text('purpose').$type<WebAuthnPurpose>().notNull(),
    /** The account it is for (registration, second factor); null for a first-factor sign-in, where nobody is known yet. */
    userId: uuid('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** `session:{id}` or `attempt:{id}`: only the caller that asked may use it. */
    binding: text('binding').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('webauthn_challenges_expires_idx').on(table.expiresAt)],
);

/**
 * A domain an organization claims (issue 25: verified domains). Pending until the portal finds the claim's TXT record
 * (`_suite-portal-verification.{domain}` = `suite-portal-verification={token}`); then `verified_at` is set. Several
 * organizations may hold pending claims of one domain; only one can hold it verified (the partial unique index).
 */
export const organizationDomains = pgTable(
  'organization_domains',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    /** Lower case, IDN as punycode (`xn--…`), no trailing dot. */
    domain: text('domain').notNull(),
    /** The random value the TXT record must carry; new for every claim. */
    token: text('token').notNull(),
    verifiedAt: timestamp('verified_at', { withTimezone: true }),
    lastCheckedAt: timestamp('last_checked_at', { withTimezone: true }),
    /** Why the last check failed (`record-not-found`, `wrong-value`, `dns-unreachable`, `verified-elsewhere`); null after a success or before any check. */
    lastFailure: text('last_failure'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('organization_domains_org_domain_idx').on(table.organizationId, table.domain),
    uniqueIndex('organization_domains_verified_idx').on(table.domain).where(sql`${table.verifiedAt} IS NOT NULL`),
  ],
);

/**
 * A company's own identity provider (issue 25: connections): OpenID Connect (`config`: issuer, client id, the sealed
 * client secret, claim names) or SAML 2.0 (`config`: the provider's metadata, IdP-initiated allowed or not). Off until
 * the admin turns it on, which needs a successful "Test sign-in" since its last change (`tested_at`). `enforced`:
 * members with a verified-domain address must sign in through it (the organization's admins keep their password).
 */
export const ssoConnections = pgTable(
  'sso_connections',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<'oidc' | 'saml'>().notNull(),
    /** What the admin calls it ("Okta", "Google Workspace"). */
    name: text('name').notNull(),
    config: jsonb('config').$type<Record<string, unknown>>().notNull(),
    enabled: boolean('enabled').notNull().default(false),
    enforced: boolean('enforced').notNull().default(false),
    defaultRole: text('default_role').$type<Role>().notNull().default('member'),
    defaultProducts: jsonb('default_products').$type<ProductKey[]>().notNull().default([]),
    /** The last successful test sign-in since the configuration last changed; null until then. */
    testedAt: timestamp('tested_at', { withTimezone: true }),
    ...timestamps,
  },
  (table) => [index('sso_connections_org_idx').on(table.organizationId)],
);

/**
 * A sign-in through a connection, from its start to the portal's session: what the provider's answer is checked
 * against (state, nonce and PKCE verifier, or the SAML request id), bound to the browser that started it (the sha256 of
 * its `portal_sso` cookie) or, for a console test, to the admin. When the provider's answer is good the identity is
 * kept with a single-use hand-off (sha256) that the portal page redeems (`ssoLogin`) or the console reads.
 */
export const ssoSignIns = pgTable(
  'sso_sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    purpose: text('purpose').$type<'sign-in' | 'test'>().notNull(),
    stateHash: text('state_hash').notNull().unique(),
    bindingHash: text('binding_hash').notNull(),
    nonce: text('nonce'),
    codeVerifier: text('code_verifier'),
    /** The SAML AuthnRequest's id, which the response's InResponseTo must name. */
    requestId: text('request_id'),
    /** A desktop app's sign-in: its loopback listener (`http://127.0.0.1:{port}/sso/callback?state=…`), where the hand-off goes. */
    returnTo: text('return_to'),
    identity: jsonb('identity').$type<Record<string, unknown>>(),
    handoffHash: text('handoff_hash').unique(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    returnedAt: timestamp('returned_at', { withTimezone: true }),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (table) => [index('sso_sign_ins_expires_idx').on(table.expiresAt)],
);

/** A person at a connection's provider (its stable subject) linked to a portal account, made at their first sign-in. */
export const ssoLinks = pgTable(
  'sso_links',
  {
    connectionId: uuid('connection_id')
      .notNull()
      .references(() => ssoConnections.id, { onDelete: 'cascade' }),
    subject: text('subject').notNull(),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    email: text('email'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.connectionId, table.subject] }), index('sso_links_user_idx').on(table.userId)],
);

/**
 * An organization's SCIM provisioning token (issue 25): one per organization (rotating replaces it, revoking deletes
 * it). Only its sha256 is kept; `hint` is its last four characters, so the console can tell tokens apart.
 */
export const scimTokens = pgTable('scim_tokens', {
  id: uuid('id').primaryKey().defaultRandom(),
  organizationId: uuid('organization_id')
    .notNull()
    .unique()
    .references(() => organizations.id, { onDelete: 'cascade' }),
  tokenHash: text('token_hash').notNull().unique(),
  hint: text('hint').notNull(),
  createdBy: text('created_by').notNull(),
  lastUsedAt: timestamp('last_used_at', { withTimezone: true }),
  ...timestamps,
});

/**
 * A person the organization's directory provisions by SCIM: the SCIM resource (`id`) over an account. While `active`,
 * the person has a membership of the organization; deactivated, the membership is gone and `role` is what it was, for
 * a reactivation.
 */
export const scimUsers = pgTable(
  'scim_users',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    userId: uuid('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The directory's userName as it sent it (Okta: the email; Entra: the UPN); matched without regard to case. */
    userName: text('user_name').notNull(),
    externalId: text('external_id'),
    active: boolean('active').notNull().default(true),
    role: text('role').$type<Role>().notNull().default('member'),
    ...timestamps,
  },
  (table) => [
    uniqueIndex('scim_users_org_user_idx').on(table.organizationId, table.userId),
    uniqueIndex('scim_users_org_user_name_idx').on(table.organizationId, sql`lower(${table.userName})`),
  ],
);

/** A group the organization's directory pushes by SCIM; its display name grants a product (scim/README.md). */
export const scimGroups = pgTable(
  'scim_groups',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    organizationId: uuid('organization_id')
      .notNull()
      .references(() => organizations.id, { onDelete: 'cascade' }),
    displayName: text('display_name').notNull(),
    externalId: text('external_id'),
    ...timestamps,
  },
  (table) => [uniqueIndex('scim_groups_org_name_idx').on(table.organizationId, sql`lower(${table.displayName})`)],
);

export const scimGroupMembers = pgTable(
  'scim_group_members',
  {
    groupId: uuid('group_id')
      .notNull()
      .references(() => scimGroups.id, { onDelete: 'cascade' }),
    scimUserId: uuid('scim_user_id')
      .notNull()
      .references(() => scimUsers.id, { onDelete: 'cascade' }),
  },
  (table) => [primaryKey({ columns: [table.groupId, table.scimUserId] }), index('scim_group_members_user_idx').on(table.scimUserId)],
);

/**
 * The SAML assertions a connection has accepted, each id once (issue 25: single use of each assertion id). Kept until
 * the assertion's own `NotOnOrAfter` (after which it is refused as expired anyway); swept when new ones are claimed.
 * `connection_id` is the connection's id as text: the connections table is the sign-in connections' own.
 */
export const samlAssertions = pgTable(
  'saml_assertions',
  {
    connectionId: text('connection_id').notNull(),
    assertionId: text('assertion_id').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (table) => [primaryKey({ columns: [table.connectionId, table.assertionId] }), index('saml_assertions_expires_idx').on(table.expiresAt)],
);

export const schema = {
  organizations,
  users,
  memberships,
  sessions,
  auditEvents,
  rateLimits,
  serverSecrets,
  oauthClients,
  oidcModels,
  oidcSigningKeys,
  invitations,
  onboardingEmployees,
  images,
  oneTimeCodes,
  mailOutbox,
  microsoftSignIns,
  microsoftLinks,
  passkeys,
  webauthnChallenges,
  trustedDevices,
  newDeviceAlerts,
  organizationDomains,
  ssoConnections,
  ssoSignIns,
  ssoLinks,
  scimTokens,
  scimUsers,
  scimGroups,
  scimGroupMembers,
  samlAssertions,
};

/** `now()` on the database's clock, so several instances agree on time-based rules. */
export const dbNow = sql`now()`;
