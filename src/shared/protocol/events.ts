import * as z from 'zod';
import { ProductKeySchema } from '../products';
import {
  CountrySchema,
  DownloadDataSchema,
  EmailSchema,
  LoginPasswordSchema,
  LoginPayloadSchema,
  LoginReplySchema,
  MfaSettingSchema,
  MfaTypeSchema,
  NewPasswordSchema,
  OrganizationSchema,
  OrgIdSchema,
  OtpSchema,
  RecoveryCodeSchema,
  ResetPasswordPayloadSchema,
  SessionReplySchema,
  SignUpPayloadSchema,
  SuccessSchema,
  TokenSchema,
} from './schemas';

/**
 * Who may call an event: `none` needs no session; `user` needs a live session of a regular account
 * (resolved once by the server's wrapper before the handler runs); `userOrLogin` takes that session, or else
 * the login details the client holds between the password and the second factor (`identifier` and
 * `password` in the payload, checked under the sign-in limits).
 */
export type EventAuth = 'none' | 'user' | 'userOrLogin';

interface EventEntry<A extends EventAuth, P extends z.ZodType, R extends z.ZodType> {
  auth: A;
  payload: P;
  reply: R;
}

const entry = <A extends EventAuth, P extends z.ZodType, R extends z.ZodType>(auth: A, payload: P, reply: R): EventEntry<A, P, R> => ({ auth, payload, reply });

const none = z.object({}).strict().optional();

/** Held login details, sent by the multi-factor screens before there is a session. */
export const LoginDetailsSchema = z.object({
  identifier: z.string().trim().min(1).max(254).optional(),
  password: LoginPasswordSchema.optional(),
});
const heldLogin = LoginDetailsSchema.strict().optional();
const withLogin = <T extends z.ZodRawShape>(shape: T) => z.object({ ...LoginDetailsSchema.shape, ...shape }).strict();
const code = z.string().trim().min(1).max(200);

/** Every socket event of spec section 7, declared once: who may call it, its payload and its reply. */
export const EVENTS = {
  /** Company name and logo for the sign-in screens of /{orgId}/…. */
  getCompanyDetails: entry('none', z.object({ orgId: OrgIdSchema }), z.object({ company: z.string(), companyLogo: z.string().nullable() })),
  /** Sign in with email or user name and password; may ask for a second factor, a password change or verification. */
  login: entry('none', LoginPayloadSchema, LoginReplySchema),
  /** Sign in with the code the Microsoft popup caught. */
  msLogin: entry('none', z.object({ code: z.string().trim().min(1).max(4096) }), LoginReplySchema),
  /** Resolve a stored token into the session it belongs to. */
  authenticate: entry('none', z.object({ token: TokenSchema }), SessionReplySchema),
  /** The organizations the user may enter from this address, and the active one. */
  getWorkspaceList: entry(
    'user',
    z.object({ requirePlanDetails: z.boolean().optional() }),
    z.object({ list: z.array(OrganizationSchema), activeOrgId: z.string().nullable() }),
  ),
  /** Record the chosen organization as active before the browser goes to a product. */
  loginEmail: entry(
    'user',
    z.object({ email: EmailSchema, orgId: OrgIdSchema, appType: z.enum(['superChat', 'superTrack']).optional() }),
    z.object({ success: z.literal(true), orgId: z.string() }),
  ),
  /** Activate a newly signed-up organization with the mailed code. */
  activateOrganization: entry('user', z.object({ otp: OtpSchema, orgId: OrgIdSchema }), SuccessSchema),
  /**
   * Verify an account with the mailed code; signs the user in, unless a company of theirs requires a second factor:
   * then no token comes back (`isCompanyMFA`), and the user signs in again and passes it.
   */
  activateAccount: entry(
    'none',
    z.object({ otp: OtpSchema, email: EmailSchema }),
    z.object({ token: z.string().optional(), email: z.string(), isCompanyMFA: z.boolean().optional() }),
  ),
  /** Mail a fresh verification code. */
  resendOTP: entry('none', z.object({ email: EmailSchema }), SuccessSchema),
  /** End this session on the server, and forget the device token if one is given. */
  logout: entry('user', z.object({ device_token: z.string().max(4096).optional() }), SuccessSchema),
  /** Change one's own password; returns a new token and ends every other session. */
  'hrms|myPassword|update': entry(
    'user',
    z.object({ oldPassword: LoginPasswordSchema, newPassword: NewPasswordSchema }),
    z.object({ token: z.string() }),
  ),
  /** The user's multi-factor choice, and what their companies offer. */
  'hrms|master|MFA|read': entry('userOrLogin', heldLogin, z.object({ MFA: MfaSettingSchema, company: MfaSettingSchema })),
  /** A pending authenticator secret, its QR code (a PNG data: URL) and a recovery code. */
  'hrms|master|MFA|generateQRCode': entry(
    'userOrLogin',
    heldLogin,
    z.object({ MFAQrCode: z.string(), MFASecretKey: z.string(), recoveryCode: z.string() }),
  ),
  /**
   * Check an authenticator code against the pending secret, or spend a recovery code: that one is replaced by
   * the fresh `recoveryCode` returned, and with held login details it also signs in (`token`).
   */
  'hrms|master|MFA|verify': entry(
    'userOrLogin',
    z.union([withLogin({ otp: OtpSchema, MFASecretKey: z.string().trim().min(16).max(128) }), withLogin({ recoveryCode: RecoveryCodeSchema })]),
    SuccessSchema.extend({ recoveryCode: z.string().optional(), token: z.string().optional() }),
  ),
  /** Save the user's multi-factor choice; with held login details and a verified authenticator it signs in (`token`). */
  'hrms|master|MFA|setup': entry(
    'userOrLogin',
    withLogin({ MFA: MfaSettingSchema.extend({ MFASecretKey: z.string().trim().max(128).optional(), MFAType: MfaTypeSchema.optional() }) }),
    SuccessSchema.extend({ token: z.string().optional() }),
  ),
  /** Sign in an onboarding or preboarding employee by email or employee code. */
  onboardingLogin: entry(
    'none',
    z.object({ email: z.string().trim().min(1).max(254), password: LoginPasswordSchema, orgId: OrgIdSchema }),
    z.object({ token: z.string(), isPreBoarding: z.boolean(), _id: z.string() }),
  ),
  /** Create the password of an onboarding or preboarding employee; signs them in like onboardingLogin. */
  onboardingSignUp: entry(
    'none',
    z.object({ email: EmailSchema, password: NewPasswordSchema, orgId: OrgIdSchema }),
    z.object({ success: z.literal(true), token: z.string(), isPreBoarding: z.boolean(), _id: z.string() }),
  ),
  /** Mail an onboarding employee a reset link. */
  onboardingForgotPassword: entry('none', z.object({ email: EmailSchema, orgId: OrgIdSchema }), SuccessSchema),
  /** Reset an onboarding employee's password with the mailed code. */
  onboardingResetPassword: entry('none', z.object({ orgId: OrgIdSchema, password: NewPasswordSchema, code }), SuccessSchema),
  /** Reference data for address forms: the country list with dial codes. */
  addressParams: entry('none', z.object({ type: z.literal('country') }), z.object({ results: z.array(CountrySchema) })),
  /** Sign up a company and its first admin; mails a verification code. */
  signUp: entry('none', SignUpPayloadSchema, z.object({ success: z.literal(true), email: z.string() })),
  /** Whether an email is already registered (company sign-up). */
  checkEmailExistense: entry('none', z.object({ email: EmailSchema }), z.object({ exists: z.boolean() })),
  /** Check a mailed reset code before showing the form; `orgId` checks an onboarding employee's code of that organization. */
  getResetCodeInfo: entry('none', z.object({ code, orgId: OrgIdSchema.optional() }), z.object({ valid: z.literal(true), email: z.string() })),
  /** Set a new password with a mailed code, or with the user a recovery code returned. */
  resetPassword: entry('none', ResetPasswordPayloadSchema, SuccessSchema),
  /** Mail a reset link; the reply is the same whether or not the account exists. */
  forgotPassword: entry('none', z.object({ email: EmailSchema }), SuccessSchema),
  /** Trade an identifier and a recovery code for a one-time reset ticket (`user`, passed to resetPassword). */
  forgotPasswordWithRecoveryCode: entry(
    'none',
    z.object({ identifier: z.string().trim().min(1).max(254), recoveryCode: RecoveryCodeSchema }),
    // recoveryCode: the fresh code that replaces the one just spent, to show once.
    z.object({ user: z.string(), success: z.literal(true), recoveryCode: z.string() }),
  ),
  /** What an invitation link leads to. */
  verifyInvitationCode: entry(
    'none',
    z.object({ inviteCode: code, token: TokenSchema.optional() }),
    z.object({
      invitationCodeExpired: z.boolean(),
      invitationAlreadyAccepted: z.boolean(),
      accountNotVerified: z.boolean(),
      emailNotMatching: z.boolean(),
      userAvailability: z.boolean(),
      email: z.string(),
    }),
  ),
  /** Create an account from an invitation; mails a verification code. */
  registerAsMember: entry(
    'none',
    z.object({ firstName: z.string().trim().min(1).max(100), lastName: z.string().trim().min(1).max(100), email: EmailSchema, password: NewPasswordSchema, inviteCode: code }),
    z.object({ success: z.literal(true), email: z.string() }),
  ),
  /** Join the organization of an invitation as the signed-in user. */
  acceptInvitation: entry('user', z.object({ inviteCode: code }), z.object({ success: z.literal(true), orgId: z.string() })),
  /** Accept a client invitation; returns the email and a generated password, shown once. */
  acceptClientInvitation: entry('none', z.object({ token: z.string().length(36) }), z.object({ email: z.string(), password: z.string() })),
  /** Links of the downloadable apps. */
  getBuildInfo: entry('none', none, DownloadDataSchema),
} as const;

export type Events = typeof EVENTS;
export type EventName = keyof Events;
/** What a caller passes (before trimming and other transforms). */
export type EventPayloadInput<E extends EventName> = z.input<Events[E]['payload']>;
/** What a handler receives, after the schema has parsed it. */
export type EventPayload<E extends EventName> = z.output<Events[E]['payload']>;
export type EventReply<E extends EventName> = z.output<Events[E]['reply']>;

export const EVENT_NAMES = Object.keys(EVENTS) as EventName[];

export function isEventName(value: string): value is EventName {
  return Object.hasOwn(EVENTS, value);
}

export { ProductKeySchema };
