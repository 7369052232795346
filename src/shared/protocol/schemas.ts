import * as z from 'zod';
import { EMPLOYEE_COUNT_RANGES } from '../enums/employee-counts';
import { PlanAccessSchema, ProductKeySchema, RoleSchema } from '../product-schemas';
import { EmailSchema, OrgIdSchema, OtpSchema, RecoveryCodeSchema, requiredString, requiredText, tooLong } from '../validation/fields';
import { MESSAGES } from '../validation/messages';
import { LoginPasswordSchema, NewPasswordSchema } from '../validation/password';
import { companyName, personName } from '../validation/patterns';

/** Reusable payload and reply shapes of the socket contract (spec sections 3 and 7). */

/** The device kind the client reports as `platform` (spec section 1). */
export const PlatformSchema = z.enum(['web', 'desktop', 'mobile']);
export type Platform = z.infer<typeof PlatformSchema>;

/** 1 = work email, 2 = authenticator app. */
export const MfaTypeSchema = z.union([z.literal(1), z.literal(2)]);
export type MfaType = z.infer<typeof MfaTypeSchema>;

/** A token as carried in payloads and the handshake. */
export const TokenSchema = z.string().min(1).max(4096);

/** A plain acknowledgement. */
export const SuccessSchema = z.object({ success: z.literal(true) });

const identifierField = requiredString().trim().min(1, MESSAGES.required).max(254, tooLong(254));

/** The sign-in form as sent by `login`: identifier (or email), password, platform, optional second factor, desktop appVersion. */
export const LoginPayloadSchema = z
  .object({
    identifier: identifierField.optional(),
    email: identifierField.optional(),
    password: LoginPasswordSchema,
    platform: PlatformSchema,
    MFAType: MfaTypeSchema.optional(),
    otp: OtpSchema.optional(),
    /** With `otp`: trust this device for 30 days when the companies allow it (the reply carries a `deviceGrant`). */
    rememberDevice: z.boolean().optional(),
    appVersion: z.string().trim().max(64).optional(),
  })
  .refine((value) => value.identifier !== undefined || value.email !== undefined, {
    message: MESSAGES.required,
    path: ['identifier'],
  });

/** A value of the Microsoft sign-in the portal made itself (state, binding): random, URL-safe. */
const MicrosoftTicketSchema = z.string().regex(/^[A-Za-z0-9_-]{32,128}$/, 'must be the value the sign-in window returned');

/**
 * msLogin: the `code` Microsoft returned, with the `state` it came back with and the `binding` the opener made when it
 * opened the window (so a code finishes only the sign-in that started in this window); device facts as for `login`.
 */
export const MsLoginPayloadSchema = z.object({
  code: z.string().trim().min(1).max(4096),
  state: MicrosoftTicketSchema,
  binding: MicrosoftTicketSchema,
  /** The `iss` the provider added to its answer (RFC 9207), when it does. */
  iss: z.string().trim().min(1).max(2000).optional(),
  platform: PlatformSchema.optional(),
  appVersion: z.string().trim().max(64).optional(),
});
export type MsLoginPayload = z.infer<typeof MsLoginPayloadSchema>;

/** ssoLogin: the hand-off a company sign-in's return carried (in the page's fragment), with device facts as for `login`. */
export const SsoLoginPayloadSchema = z.object({
  handoff: MicrosoftTicketSchema,
  /** A desktop app's sign-in in the system browser: the PKCE verifier of the challenge it started with (RFC 7636). */
  codeVerifier: z.string().regex(/^[A-Za-z0-9._~-]{43,128}$/).optional(),
  platform: PlatformSchema.optional(),
  appVersion: z.string().trim().max(64).optional(),
});

/** discoverSignIn: what the sign-in page asks as an address is typed, and where a company sign-in would start. */
export const DiscoverSignInSchema = z.object({ identifier: z.string().trim().max(254) });
export const DiscoverSignInReplySchema = z.object({ sso: z.object({ company: z.string(), url: z.string() }).nullable() });

/**
 * A sign-in ticket: the server's signed word that a first factor with nothing to send again (Microsoft, a passkey)
 * was passed, for 10 minutes; the second-factor screens send it in place of a password.
 */
export const SignInTicketSchema = z.string().min(20).max(2048);

/** The result of a sign-in (login, msLogin): a token, or what the user must do next. */
export const LoginReplySchema = z.object({
  /** With a second-factor step after a first factor the client cannot send again: what it sends instead. */
  ticket: SignInTicketSchema.optional(),
  token: z.string().optional(),
  /** A forced password change is pending: go to /change-password. */
  aftrp: z.boolean().optional(),
  /** The account is not verified yet: go to /verify-email; no token is given. */
  activateAccount: z.boolean().optional(),
  isCompanyMFA: z.boolean().optional(),
  isUserMFASetup: z.boolean().optional(),
  email: z.string().optional(),
  MFAType: MfaTypeSchema.optional(),
  isEmailMFA: z.boolean().optional(),
  isAuthenticatorAppMFA: z.boolean().optional(),
  /** With a second-factor step: the user's companies let this device be trusted ("Don't ask again … for 30 days"). */
  mayTrustDevice: z.boolean().optional(),
  /** After a second factor passed with `rememberDevice`: redeem it once within 5 minutes (POST /device-trust). */
  deviceGrant: z.string().optional(),
  planAccess: PlanAccessSchema.optional(),
});
export type LoginReply = z.infer<typeof LoginReplySchema>;

/** What `authenticate` returns about the session and its active organization. */
export const SessionReplySchema = z.object({
  email: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  employeeCode: z.string().nullable(),
  activeOrgId: z.string().nullable(),
  isAdmin: z.boolean(),
  planAccess: PlanAccessSchema,
  productAccess: z.array(ProductKeySchema),
  S3_BASEURL: z.string(),
  isCompanyMFA: z.boolean(),
  isUserMFASetup: z.boolean(),
  /** A forced password change is pending. */
  aftrp: z.boolean(),
});
export type SessionReply = z.infer<typeof SessionReplySchema>;

/** One organization of the workspace list. */
export const OrganizationSchema = z.object({
  _id: z.string(),
  orgId: z.string(),
  company: z.string(),
  logoURL: z.string().nullable(),
  role: RoleSchema,
  planAccess: PlanAccessSchema,
  productAccess: z.array(ProductKeySchema),
  isAdmin: z.boolean(),
  /** The company requires a second factor (email or authenticator). */
  isCompanyMFA: z.boolean(),
  /** False while a newly signed-up company still has to be verified (/verify-organization/{id}). */
  verified: z.boolean().optional(),
});
export type Organization = z.infer<typeof OrganizationSchema>;

/** A country of the reference list. */
export const CountrySchema = z.object({ name: z.string(), label: z.string(), dial_code: z.string(), code: z.string() });

/** The multi-factor choice of a user or company. */
export const MfaSettingSchema = z.object({ isEmailMFA: z.boolean(), isAuthenticatorAppMFA: z.boolean() });

/** The keys of the download panel (spec section 3, Download data). */
export const DOWNLOAD_KEYS = [
  'chatWindows32',
  'chatWindows64',
  'chatMac',
  'chatLinux',
  'trackWindows32',
  'trackWindows64',
  'trackMac',
  'trackLinux',
  'androidChat',
  'androidHRMS',
  'androidPMS',
  'iosChat',
  'iosHRMS',
  'iosPMS',
] as const;

/**
 * One download of spec section 3: its link (empty when there is none). Desktop installers also carry what the
 * /downloads screen shows: version, file name, size in bytes, release date (ISO 8601) and release notes (plain text).
 */
export const DownloadEntrySchema = z.object({
  link: z.string(),
  version: z.string().optional(),
  fileName: z.string().optional(),
  size: z.number().int().nonnegative().optional(),
  releaseDate: z.string().optional(),
  releaseNotes: z.string().optional(),
});
export type DownloadEntry = z.infer<typeof DownloadEntrySchema>;

/** getBuildInfo's reply: every key of spec section 3, each with its link. */
export const DownloadDataSchema = z.object(
  Object.fromEntries(DOWNLOAD_KEYS.map((key) => [key, DownloadEntrySchema])) as Record<(typeof DOWNLOAD_KEYS)[number], typeof DownloadEntrySchema>,
);
export type DownloadData = z.infer<typeof DownloadDataSchema>;
export type DownloadKey = (typeof DOWNLOAD_KEYS)[number];

/** A new password's confirmation as payloads carry it: compared with the password by `passwordsMatch`. */
export const ConfirmPasswordSchema = requiredString().trim().min(1, MESSAGES.required).max(128, tooLong(128));

/**
 * Company sign-up fields (spec section 3, Sign-up), and the first admin's password with its confirmation (spec
 * section 5 lists sign-up among the password forms). A plain object, so the renderer's step schemas can take its
 * `shape`; the `signUp` event adds `passwordsMatch`.
 */
export const SignUpPayloadSchema = z.object({
  firstName: personName('First Name'),
  lastName: personName('Last Name'),
  email: EmailSchema,
  password: NewPasswordSchema,
  cpassword: ConfirmPasswordSchema,
  company: companyName('Company Name'),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9]{1,4}-[0-9]{6,15}$/, MESSAGES.invalid('Phone')),
  numemployees: z.enum(EMPLOYEE_COUNT_RANGES),
  country: requiredText(100),
  referral: z.string().trim().max(200).optional(),
  industryType: requiredText(100),
  referralcode: z.string().trim().max(100).optional(),
  affiliatecode: z.string().trim().max(100).optional(),
  usercode: z.string().trim().max(100).optional(),
});

/** 'Password and confirm password does not match' on `cpassword` when a payload's two passwords differ. */
export const passwordsMatch = (value: { password?: string; cpassword?: string }, ctx: z.RefinementCtx) => {
  if (value.password !== undefined && value.password !== value.cpassword) ctx.addIssue({ code: 'custom', message: MESSAGES.passwordMismatch, path: ['cpassword'] });
};

/**
 * activateAccount: the mailed code for the address; and for an account that has no password it chose (a company signed
 * up before sign-up asked for one, a seed user without one), the password it chooses now, with its confirmation.
 */
export const ActivateAccountPayloadSchema = z
  .object({
    otp: OtpSchema,
    email: EmailSchema,
    password: NewPasswordSchema.optional(),
    cpassword: ConfirmPasswordSchema.optional(),
  })
  .superRefine(passwordsMatch);

/** Password reset: by mailed code, or by the user returned from a recovery code. */
export const ResetPasswordPayloadSchema = z
  .object({
    password: NewPasswordSchema,
    cpassword: z.string().trim(),
    code: z.string().trim().min(1).max(200).optional(),
    user: z.string().trim().min(1).max(200).optional(),
  })
  .superRefine((value, ctx) => {
    if (value.password !== value.cpassword) ctx.addIssue({ code: 'custom', message: MESSAGES.passwordMismatch, path: ['cpassword'] });
    if ((value.code === undefined) === (value.user === undefined)) ctx.addIssue({ code: 'custom', message: 'Give either code or user.', path: ['code'] });
  });

/** A member's name as registerAsMember takes it: the shared name pattern of spec section 5. */
export const MemberNameSchema = z.object({ firstName: personName('First Name'), lastName: personName('Last Name') });

export { EmailSchema, OrgIdSchema, OtpSchema, RecoveryCodeSchema, NewPasswordSchema, LoginPasswordSchema, requiredText };
