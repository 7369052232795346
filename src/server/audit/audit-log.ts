import { CallError, ERROR_CODES, type LimitName } from '../../shared/protocol';
import { type AuditKind } from '../../shared/protocol/security-schemas';
import { findUserByIdentifier, type UserRow } from '../accounts/queries';
import { describeDevice, NO_ORIGIN, type CallOrigin } from '../auth/device';
import type { Db } from '../db/client';
import { auditEvents } from '../db/schema';
import type { LockEvent } from '../limits/limiter';
import type { Services } from '../services';

/** One event about an account, as a domain point reports it. */
export interface AuditInput {
  kind: AuditKind;
  /** How or why, in a few words ('password', 'authenticator app', 'from another session'…). */
  detail?: string | null;
  /** Where the call came from; the device is described once, here. */
  origin?: CallOrigin;
  /** The session the event opened, ended, or was made from. */
  sessionId?: string | null;
}

/**
 * Appends one event to an account's audit log (the table refuses updates and deletes). Written inside the call for
 * events about an account the caller has already proven (a right password, a session): the row is there when the
 * reply arrives.
 */
export async function recordAudit(db: Db, userId: string, input: AuditInput): Promise<void> {
  await auditInsert(db, userId, input);
}

/** The statement that appends an event, not yet run: for a caller that writes it together with its own (a new session). */
export function auditInsert(db: Db, userId: string | null, input: AuditInput & { organizationId?: string; actor?: string; subject?: string | null }) {
  const origin = input.origin ?? NO_ORIGIN;
  const { device, platform } = describeDevice(origin);
  return db.insert(auditEvents).values({
    userId,
    organizationId: input.organizationId ?? null,
    actor: input.actor?.slice(0, 300) ?? null,
    subject: input.subject?.slice(0, 300) ?? null,
    kind: input.kind,
    detail: input.detail?.slice(0, 300) ?? null,
    ip: origin.ip,
    userAgent: origin.userAgent?.slice(0, 300) ?? null,
    device: origin.userAgent || origin.reported ? device : null,
    platform: origin.userAgent || origin.reported ? platform : null,
    sessionId: input.sessionId ?? null,
  });
}

/**
 * Who makes a change in an organization's administration: a signed-in admin (in the console), or an app of the
 * organization through the admin API (client credentials), or its directory through SCIM (the provisioning token).
 */
export type AdminActor =
  | { kind: 'user'; user: Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>; origin: CallOrigin; sessionId: string | null }
  | { kind: 'app'; clientId: string; name: string; origin: CallOrigin }
  | { kind: 'scim'; tokenHint: string | null; origin: CallOrigin };

/** The admin a signed-in call comes from (the console's handlers), as the domain and the audit take it. */
export function signedInActor(ctx: { user: AdminActorUser; origin: CallOrigin; session: { sessionId: string } }): AdminActor {
  return { kind: 'user', user: ctx.user, origin: ctx.origin, sessionId: ctx.session.sessionId };
}

type AdminActorUser = Pick<UserRow, 'id' | 'email' | 'firstName' | 'lastName'>;

/** The actor as the audit names it: "Ada Admin (admin@acme.test)", or "app HR Sync (hr-sync)". */
export function actorLabel(actor: AdminActor): string {
  if (actor.kind === 'app') return `app ${actor.name} (${actor.clientId})`;
  if (actor.kind === 'scim') return actor.tokenHint ? `SCIM provisioning (token …${actor.tokenHint})` : 'SCIM client without a valid token';
  const name = `${actor.user.firstName} ${actor.user.lastName}`.trim();
  return name ? `${name} (${actor.user.email})` : actor.user.email;
}

/** One change in an organization's administration, as its audit shows it. */
export interface AdminAuditInput {
  kind: AuditKind;
  /** The account it concerns, when it concerns one (a member whose role changed). */
  userId?: string | null;
  /** What it concerns otherwise: an invited address, an app's name. */
  subject?: string | null;
  detail?: string | null;
}

/**
 * Appends a change made in an organization's administration to its audit (and, when it concerns an account, to that
 * account's own history), naming who made it. Written in the transaction of the change, so neither is without the other.
 */
export async function recordAdminAudit(db: Db, organizationId: string, actor: AdminActor, input: AdminAuditInput): Promise<void> {
  await auditInsert(db, input.userId ?? null, {
    kind: input.kind,
    detail: input.detail,
    origin: actor.origin,
    sessionId: actor.kind === 'user' ? actor.sessionId : null,
    organizationId,
    actor: actorLabel(actor),
    subject: input.subject ?? null,
  });
}

/**
 * For an event that may be about an account that does not exist (a wrong password for whatever was typed): written
 * in the background, after the reply and outside the call's counted work, and only when the identifier names an
 * account. So an unknown identifier and a known one get the same reply after the same work.
 */
export function recordForIdentifier({ db, background }: Services, identifier: string, input: AuditInput): void {
  background.run('audit', async () => {
    const user = await findUserByIdentifier(db, identifier);
    if (user) await recordAudit(db, user.id, input);
  });
}

/** A wrong password for an identifier, at sign-in or with held login details: recorded like recordForIdentifier. */
export function recordWrongPassword(services: Services, identifier: string, origin: CallOrigin): void {
  recordForIdentifier(services, identifier, { kind: 'sign-in-failed', detail: 'wrong password', origin });
}

/** What each guessing budget protects, in the words of a lock's audit entry. */
const LOCKED_BY: Partial<Record<LimitName, { what: string; subject: 'identifier' | 'account' }>> = {
  password: { what: 'wrong passwords', subject: 'identifier' },
  recoveryReset: { what: 'wrong recovery codes', subject: 'identifier' },
  secondFactor: { what: 'wrong second-factor codes', subject: 'account' },
  recoveryCode: { what: 'wrong recovery codes', subject: 'account' },
  passwordChange: { what: 'wrong current passwords', subject: 'account' },
};

/**
 * Told by the limiter whenever a rule locks a subject (once per lock): the account's audit log gets a `locked`
 * entry, in the background, so the locking reply is the same for every identifier. Address-wide rules lock an
 * address, not an account, and are not recorded.
 */
export function auditLocks(services: () => Services) {
  return ({ policy, subject, rule, address, knownDevice }: LockEvent) => {
    const locked = LOCKED_BY[policy];
    if (!locked || rule.per === 'address') return;
    const { db, background } = services();
    const where = rule.per === 'pair' ? 'from this address' : knownDevice !== null ? 'on one trusted device' : 'from several addresses';
    const detail = `Too many ${locked.what} ${where}; paused for ${Math.round(rule.blockSeconds / 60)} minutes`;
    const origin: CallOrigin = { ...NO_ORIGIN, ip: address };
    background.run('audit-lock', async () => {
      const user: Pick<UserRow, 'id'> | null = locked.subject === 'account' ? { id: subject } : await findUserByIdentifier(db, subject);
      if (user) await recordAudit(db, user.id, { kind: 'locked', detail, origin });
    });
  };
}

/**
 * Waits for a password check; a wrong password (403) is recorded for the identifier's account, if there is one, in
 * the background (recordWrongPassword), and the refusal goes on unchanged.
 */
export async function auditedPasswordCheck<T>(services: Services, identifier: string, origin: CallOrigin, check: Promise<T>): Promise<T> {
  try {
    return await check;
  } catch (error) {
    if (error instanceof CallError && error.code === ERROR_CODES.FORBIDDEN) recordWrongPassword(services, identifier, origin);
    throw error;
  }
}
