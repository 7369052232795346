import * as z from 'zod';
import { OrgIdSchema } from '../validation/fields';
import { entry, none } from './events';
import { SuccessSchema } from './schemas';
import {
  AUDIT_EXPORT_MAX_ROWS,
  AuditEntrySchema,
  AuditFilterSchema,
  AuditQuerySchema,
  ClientIdSchema,
  ConnectedAppSchema,
  IdSchema,
  MemberAuditEntrySchema,
  OrganizationAuditQuerySchema,
  SessionSummarySchema,
} from './security-schemas';
import { TrustedDeviceSchema } from './trusted-device-schemas';

/**
 * The account security center's events (/account, beyond spec section 7): every one needs a session and acts on the
 * caller's own account, or on an organization the caller administers. Apart from `PORTAL_EVENTS` so that the
 * renderer loads them with the security center, not with /login (`contract.ts` joins the two for the server).
 */
export const SECURITY_EVENTS = {
  /** Every live session of the signed-in user, the one calling marked `current`; most recently seen first. */
  getSessionList: entry({ auth: 'user' }, none, z.object({ list: z.array(SessionSummarySchema) })),
  /** Sign out one other session of one's own; its next call gets 401 (a desktop app then clears its keychain token). */
  endSession: entry({ auth: 'user' }, z.object({ sessionId: IdSchema }), SuccessSchema),
  /** Sign out every session of one's own but this one. */
  endOtherSessions: entry({ auth: 'user' }, none, z.object({ success: z.literal(true), ended: z.number().int() })),
  /** One page of the user's own sign-ins, failures, locks, and password and second-factor changes. */
  getSignInHistory: entry({ auth: 'user' }, AuditQuerySchema, z.object({ list: z.array(AuditEntrySchema), total: z.number().int() })),
  /** One page of the same events for the members of an organization the caller administers (since they joined). */
  getOrganizationAudit: entry(
    { auth: 'user' },
    OrganizationAuditQuerySchema,
    z.object({ list: z.array(MemberAuditEntrySchema), total: z.number().int() }),
  ),
  /** An organization's audit as CSV (UTF-8, a header row), filtered like the table; at most AUDIT_EXPORT_MAX_ROWS rows. */
  exportOrganizationAudit: entry(
    { auth: 'user', limits: { auditExport: 'caller' } },
    z.object({ orgId: OrgIdSchema, filter: AuditFilterSchema.optional() }),
    z.object({ fileName: z.string(), csv: z.string(), rows: z.number().int().max(AUDIT_EXPORT_MAX_ROWS), truncated: z.boolean() }),
  ),
  /** The third-party apps the user allowed to sign them in (Connected apps), most recently allowed first. */
  getConnectedApps: entry({ auth: 'user' }, none, z.object({ list: z.array(ConnectedAppSchema) })),
  /** Take back an app's access: its grants and tokens for this user are revoked, and its next sign-in asks again. */
  revokeConnectedApp: entry({ auth: 'user' }, z.object({ clientId: ClientIdSchema }), SuccessSchema),
  /** The devices that skip the second factor ("Don't ask again on this device for 30 days"), newest first. */
  getTrustedDevices: entry({ auth: 'user' }, none, z.object({ list: z.array(TrustedDeviceSchema) })),
  /** Stop trusting one device: its next sign-in asks for the second factor again. */
  revokeTrustedDevice: entry({ auth: 'user' }, z.object({ id: IdSchema }), SuccessSchema),
  /** Stop trusting every device of one's own. */
  revokeAllTrustedDevices: entry({ auth: 'user' }, none, z.object({ success: z.literal(true), revoked: z.number().int() })),
  /** Replace the recovery code of one's authenticator app with a fresh one, shown once; the old one stops working. */
  regenerateRecoveryCode: entry({ auth: 'user' }, none, z.object({ recoveryCode: z.string() })),
} as const;
