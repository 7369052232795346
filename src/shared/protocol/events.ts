import * as z from 'zod';
import { isLanguage, type Language } from '../i18n/languages';
import { ProductKeySchema } from '../product-schemas';
import {
  ActivateAccountPayloadSchema,
  CountrySchema,
  DownloadDataSchema,
  EmailSchema,
  LoginPasswordSchema,
  LoginPayloadSchema,
  LoginReplySchema,
  DiscoverSignInSchema,
  DiscoverSignInReplySchema,
  SsoLoginPayloadSchema,
  MemberNameSchema,
  MsLoginPayloadSchema,
  MfaSettingSchema,
  MfaTypeSchema,
  NewPasswordSchema,
  OrganizationSchema,
  OrgIdSchema,
  OtpSchema,
  passwordsMatch,
  RecoveryCodeSchema,
  ResetPasswordPayloadSchema,
  PlatformSchema,
  SessionReplySchema,
  SignInTicketSchema,
  SignUpPayloadSchema,
  SuccessSchema,
  TokenSchema,
} from './schemas';
import { refuseControlCharacters, type EventAuth, type EventLimits, type EventPolicy } from './policy';
import type { SECURITY_EVENTS } from './security-events';
import type { ADMIN_EVENTS } from './admin-events';
import type { PASSKEY_EVENTS, PASSKEY_SECOND_FACTOR_EVENTS, PASSKEY_SIGN_IN_EVENTS } from './passkey-events';
import type { LANGUAGE_EVENTS } from './language-events';

/**
 * One event of the contract: its policy, payload schema and reply schema. `A` and `L` keep the entry's own auth and
 * budgets in its type, so a handler's context follows from them (`pipeline/context.ts`).
 */
export interface EventEntry<A extends EventAuth, P extends z.ZodType, R extends z.ZodType, L extends EventLimits<z.output<P>> = EventLimits<z.output<P>>>
  extends EventPolicy<z.output<P>> {
  auth: A;
  limits?: L;
  payload: P;
  reply: R;
}

/**
 * One contract entry: the event's whole policy (who may call it, whether it hashes, which budgets it spends), its
 * payload and its reply. Every payload refuses control characters in its text, whatever its shape.
 */
export const entry = <A extends EventAuth, P extends z.ZodType, R extends z.ZodType, L extends EventLimits<z.output<P>> = Record<never, never>>(
  policy: Omit<EventPolicy<z.output<P>>, 'auth' | 'limits'> & { auth: A; limits?: L & EventLimits<z.output<P>> },
  payload: P,
  reply: R,
): EventEntry<A, P, R, L> => ({
  ...policy,
  payload: payload.superRefine((value, ctx) => refuseControlCharacters(value, ctx)) as unknown as P,
  reply,
});

/** The payload of an event that takes none. */
export const none = z.object({}).strict().optional();

/**
 * Held login details, sent by the multi-factor screens before there is a session: the identifier and password, or
 * the ticket of a sign-in whose first factor cannot be sent again (Microsoft, a passkey).
 */
export const LoginDetailsSchema = z.object({
  identifier: z.string().trim().min(1).max(254).optional(),
  password: LoginPasswordSchema.optional(),
  ticket: SignInTicketSchema.optional(),
});
const heldLogin = LoginDetailsSchema.strict().optional();
const withLogin = <T extends z.ZodRawShape>(shape: T) => z.object({ ...LoginDetailsSchema.shape, ...shape }).strict();
const code = z.string().trim().min(1).max(200);

/** The `password` budget of the multi-factor events: spent only when they carry held login details. */
const heldIdentifier = (payload: { identifier?: string; password?: string } | undefined) =>
  payload?.identifier !== undefined && payload.password !== undefined ? payload.identifier : undefined;

/** Whom an onboarding sign-in or reset request is about: the organization and what was typed (email or employee code). */
export const onboardingSubject = (orgId: string, identifier: string) => `${orgId}/${identifier}`;

/**
 * Every socket event of spec section 7 (and the portal's own `unlockAccount`), declared once: its policy (who may
 * call it, which budgets it spends), its payload and its reply. With the security center's (`security-events.ts`)
 * they make the whole contract, `EVENTS` in `contract.ts`; the renderer loads these first and those with /account.
 */
export const PORTAL_EVENTS = {
  /**
   * Company name and logo for the sign-in screens of /{orgId}/…, and (beyond the spec's two) the language its admins
   * chose for them (null: the visitor's browser), which a visitor who chose none is shown (issue 26).
   */
  getCompanyDetails: entry(
    { auth: 'none' },
    z.object({ orgId: OrgIdSchema }),
    // Optional: a client reads a server that does not say it yet (a rolling deployment) as "the visitor's browser".
    z.object({ company: z.string(), companyLogo: z.string().nullable(), language: z.custom<Language>((value) => isLanguage(value)).nullish() }),
  ),
  /** Sign in with email or user name and password; may ask for a second factor, a password change or verification. */
  login: entry(
    { auth: 'none', hashes: true, limits: { password: (p) => p.identifier ?? p.email, secondFactor: 'account', codeMail: 'account' } },
    LoginPayloadSchema,
    LoginReplySchema,
  ),
  /** Sign in with the code the Microsoft popup caught, the `state` it came back with and the opener's `binding`. */
  msLogin: entry({ auth: 'none', limits: { microsoftSignIn: 'address', codeMail: 'account' } }, MsLoginPayloadSchema, LoginReplySchema),
  /** Whether a typed address's domain signs in through its company's own provider, and where (by the domain alone). */
  discoverSignIn: entry({ auth: 'none', limits: { signInDiscovery: 'address' } }, DiscoverSignInSchema, DiscoverSignInReplySchema),
  /** Finish a company sign-in with its hand-off, in the browser that started it (the `portal_sso` cookie). */
  ssoLogin: entry({ auth: 'none', limits: { ssoSignIn: 'address', codeMail: 'account' } }, SsoLoginPayloadSchema, LoginReplySchema),
  /**
   * The second factor of a sign-in whose reply carried a ticket: without `otp` it mails a fresh code (work email),
   * with it the code is checked and the session opens. The ticket alone never opens one.
   */
  continueSignIn: entry(
    { auth: 'none', limits: { secondFactor: 'account', codeMail: 'account' } },
    z
      .object({
        ticket: SignInTicketSchema,
        MFAType: MfaTypeSchema.optional(),
        otp: OtpSchema.optional(),
        rememberDevice: z.boolean().optional(),
        platform: PlatformSchema.optional(),
        appVersion: z.string().trim().max(64).optional(),
      })
      .strict(),
    LoginReplySchema,
  ),
  /** The session of the stored token, which must be the one the connection was opened with. */
  authenticate: entry({ auth: 'user', token: 'payload' }, z.object({ token: TokenSchema }), SessionReplySchema),
  /** The organizations the user may enter from this address, and the active one. */
  getWorkspaceList: entry(
    { auth: 'user' },
    z.object({ requirePlanDetails: z.boolean().optional() }),
    z.object({ list: z.array(OrganizationSchema), activeOrgId: z.string().nullable() }),
  ),
  /** Record the chosen organization as active before the browser goes to a product. */
  loginEmail: entry(
    { auth: 'user' },
    z.object({ email: EmailSchema, orgId: OrgIdSchema, appType: z.enum(['superChat', 'superTrack']).optional() }),
    z.object({ success: z.literal(true), orgId: z.string() }),
  ),
  /** Activate a newly signed-up organization with the mailed code. */
  activateOrganization: entry({ auth: 'user', limits: { organizationCode: 'caller' } }, z.object({ otp: OtpSchema, orgId: OrgIdSchema }), SuccessSchema),
  /**
   * Verify an account with the mailed code; signs the user in, unless a second factor is required (by a company of
   * theirs or by their own choice): then no token comes back (`isCompanyMFA`), and the user signs in again and passes
   * it. An account without a password it chose (a company signed up before sign-up asked for one, a seed user without
   * one) must send `password` and `cpassword` with the right code: without them the reply is 400 with
   * `fields: ['password']`, and the code stays usable.
   */
  activateAccount: entry(
    { auth: 'none', hashes: true, limits: { emailCode: (p) => p.email } },
    ActivateAccountPayloadSchema,
    z.object({ token: z.string().optional(), email: z.string(), isCompanyMFA: z.boolean().optional() }),
  ),
  /**
   * Mail a fresh verification code: to an unverified account, or a verified one whose password was never chosen (it
   * chooses one on /verify-email); a verified admin of a company still to verify gets that company's code.
   */
  resendOTP: entry({ auth: 'none', limits: { mailRequest: (p) => p.email } }, z.object({ email: EmailSchema }), SuccessSchema),
  /** End this session on the server, and forget the device token if one is given. */
  logout: entry({ auth: 'user', endsSession: true }, z.object({ device_token: z.string().max(4096).optional() }), SuccessSchema),
  /** Change one's own password; returns a new token and ends every other session. */
  'hrms|myPassword|update': entry(
    { auth: 'user', hashes: true, endsSession: true, limits: { passwordChange: 'caller' } },
    z.object({ oldPassword: LoginPasswordSchema, newPassword: NewPasswordSchema }),
    z.object({ token: z.string() }),
  ),
  /** The user's multi-factor choice, and what their companies offer. */
  'hrms|master|MFA|read': entry(
    { auth: 'userOrLogin', hashes: true, limits: { password: heldIdentifier } },
    heldLogin,
    z.object({ MFA: MfaSettingSchema, company: MfaSettingSchema }),
  ),
  /** A pending authenticator secret, its QR code (a PNG data: URL) and a recovery code. */
  'hrms|master|MFA|generateQRCode': entry(
    { auth: 'userOrLogin', hashes: true, limits: { password: heldIdentifier } },
    heldLogin,
    z.object({ MFAQrCode: z.string(), MFASecretKey: z.string(), recoveryCode: z.string() }),
  ),
  /**
   * Check an authenticator code against the pending secret, or spend a recovery code in place of the second factor:
   * that one is replaced by the fresh `recoveryCode` returned, and with held login details (the password) it signs in
   * (`token`).
   */
  'hrms|master|MFA|verify': entry(
    { auth: 'userOrLogin', hashes: true, limits: { password: heldIdentifier, secondFactor: 'account', recoveryCode: 'account' } },
    z.union([withLogin({ otp: OtpSchema, MFASecretKey: z.string().trim().min(16).max(128) }), withLogin({ recoveryCode: RecoveryCodeSchema })]),
    SuccessSchema.extend({ recoveryCode: z.string().optional(), token: z.string().optional() }),
  ),
  /**
   * Save the user's multi-factor choice; with held login details and a verified authenticator it signs in (`token`).
   * With a company policy, its factors (at least one); without one, the user's own choice, none included (turned off).
   * Held login details may only make a first setup, and only add: changing one needs a session.
   */
  'hrms|master|MFA|setup': entry(
    { auth: 'userOrLogin', hashes: true, limits: { password: heldIdentifier } },
    withLogin({ MFA: MfaSettingSchema.extend({ MFASecretKey: z.string().trim().max(128).optional(), MFAType: MfaTypeSchema.optional() }) }),
    SuccessSchema.extend({ token: z.string().optional() }),
  ),
  /** Sign in an onboarding or preboarding employee by email or employee code. */
  onboardingLogin: entry(
    { auth: 'none', hashes: true, limits: { password: (p) => onboardingSubject(p.orgId, p.email) } },
    z.object({ email: z.string().trim().min(1).max(254), password: LoginPasswordSchema, orgId: OrgIdSchema }),
    z.object({ token: z.string(), isPreBoarding: z.boolean(), _id: z.string() }),
  ),
  /** Create the password of an onboarding or preboarding employee; signs them in like onboardingLogin. */
  onboardingSignUp: entry(
    { auth: 'none', hashes: true, limits: { signUp: 'address' } },
    z.object({ email: EmailSchema, password: NewPasswordSchema, orgId: OrgIdSchema }),
    z.object({ success: z.literal(true), token: z.string(), isPreBoarding: z.boolean(), _id: z.string() }),
  ),
  /** Mail an onboarding employee a reset link. */
  onboardingForgotPassword: entry(
    { auth: 'none', limits: { mailRequest: (p) => onboardingSubject(p.orgId, p.email) } },
    z.object({ email: EmailSchema, orgId: OrgIdSchema }),
    SuccessSchema,
  ),
  /** Reset an onboarding employee's password with the mailed code. */
  onboardingResetPassword: entry({ auth: 'none', hashes: true, limits: { linkCode: 'address' } }, z.object({ orgId: OrgIdSchema, password: NewPasswordSchema, code }), SuccessSchema),
  /** Reference data for address forms: the country list with dial codes. */
  addressParams: entry({ auth: 'none' }, z.object({ type: z.literal('country') }), z.object({ results: z.array(CountrySchema) })),
  /** Sign up a company and its first admin with the password they choose (and its confirmation); mails a verification code. */
  signUp: entry(
    { auth: 'none', hashes: true, limits: { signUp: 'address' } },
    SignUpPayloadSchema.superRefine(passwordsMatch),
    z.object({ success: z.literal(true), email: z.string() }),
  ),
  /** Whether an email is already registered (company sign-up). */
  checkEmailExistense: entry({ auth: 'none', limits: { emailCheck: 'address' } }, z.object({ email: EmailSchema }), z.object({ exists: z.boolean() })),
  /** Check a mailed reset code before showing the form; `orgId` checks an onboarding employee's code of that organization. */
  getResetCodeInfo: entry(
    { auth: 'none', limits: { linkCode: 'address' } },
    z.object({ code, orgId: OrgIdSchema.optional() }),
    z.object({ valid: z.literal(true), email: z.string() }),
  ),
  /** Set a new password with a mailed code, or with the ticket (`user`) a recovery code gave. */
  resetPassword: entry({ auth: 'none', hashes: true, limits: { linkCode: 'address' } }, ResetPasswordPayloadSchema, SuccessSchema),
  /** Mail a reset link; the reply is the same whether or not the account exists. */
  forgotPassword: entry({ auth: 'none', limits: { mailRequest: (p) => p.email } }, z.object({ email: EmailSchema }), SuccessSchema),
  /**
   * Trade an identifier and a recovery code for a one-time reset ticket (`user`, passed to resetPassword). The code
   * stands in for the password only: signing in afterwards still needs the second factor, and the recovery code that
   * replaces the spent one is mailed to the account's address, never returned here.
   */
  forgotPasswordWithRecoveryCode: entry(
    { auth: 'none', limits: { recoveryReset: (p) => p.identifier } },
    z.object({ identifier: z.string().trim().min(1).max(254), recoveryCode: RecoveryCodeSchema }),
    z.object({ user: z.string(), success: z.literal(true) }),
  ),
  /** What an invitation link leads to; with `token`, for that signed-in user. */
  verifyInvitationCode: entry(
    { auth: 'maybeUser', token: 'payload', limits: { linkCode: 'address' } },
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
    { auth: 'none', hashes: true, limits: { linkCode: 'address' } },
    z.object({ ...MemberNameSchema.shape, email: EmailSchema, password: NewPasswordSchema, inviteCode: code }),
    z.object({ success: z.literal(true), email: z.string() }),
  ),
  /** Join the organization of an invitation as the signed-in user. */
  acceptInvitation: entry({ auth: 'user', limits: { linkCode: 'address' } }, z.object({ inviteCode: code }), z.object({ success: z.literal(true), orgId: z.string() })),
  /** Accept a client invitation; returns the email and a generated password, shown once. */
  acceptClientInvitation: entry(
    { auth: 'none', hashes: true, limits: { linkCode: 'address' } },
    z.object({ token: z.string().length(36) }),
    z.object({ email: z.string(), password: z.string() }),
  ),
  /** Links of the downloadable apps. */
  getBuildInfo: entry({ auth: 'none' }, none, DownloadDataSchema),
  /** Lift a sign-in lock on one's own account with the one-time link mailed when it was locked (/unlock/{code}). */
  unlockAccount: entry({ auth: 'none', limits: { linkCode: 'address' } }, z.object({ code }), SuccessSchema),
  /** "This was not me" of a new-device mail (/not-me/{code}): ends that session and mails a password reset link. */
  reportNotMe: entry({ auth: 'none', limits: { linkCode: 'address' } }, z.object({ code }), SuccessSchema),
} as const;

/** The whole contract's type: the portal's events, the security center's and the admin console's. */
export type Events = typeof PORTAL_EVENTS & typeof SECURITY_EVENTS & typeof ADMIN_EVENTS & typeof PASSKEY_EVENTS & typeof PASSKEY_SIGN_IN_EVENTS & typeof PASSKEY_SECOND_FACTOR_EVENTS & typeof LANGUAGE_EVENTS;
export type EventName = keyof Events;
/** What a caller passes (before trimming and other transforms). */
export type EventPayloadInput<E extends EventName> = z.input<Events[E]['payload']>;
/** What a handler receives, after the schema has parsed it. */
export type EventPayload<E extends EventName> = z.output<Events[E]['payload']>;
export type EventReply<E extends EventName> = z.output<Events[E]['reply']>;

export { ProductKeySchema };
