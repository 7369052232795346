import * as z from 'zod';
import { PlanAccessSchema, ProductKeySchema, RoleSchema } from '../products';
import { EmailSchema, OrgIdSchema, OtpSchema, RecoveryCodeSchema, requiredText } from '../validation/fields';
import { MESSAGES } from '../validation/messages';
import { LoginPasswordSchema, NewPasswordSchema } from '../validation/password';

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

const identifierField = z.string().trim().min(1, MESSAGES.required).max(254);

/** The sign-in form as sent by `login`: identifier (or email), password, platform, optional second factor, desktop appVersion. */
export const LoginPayloadSchema = z
  .object({
    identifier: identifierField.optional(),
    email: identifierField.optional(),
    password: LoginPasswordSchema,
    platform: PlatformSchema,
    MFAType: MfaTypeSchema.optional(),
    otp: OtpSchema.optional(),
    appVersion: z.string().trim().max(64).optional(),
  })
  .refine((value) => value.identifier !== undefined || value.email !== undefined, {
    message: MESSAGES.required,
    path: ['identifier'],
  });

/** The result of a sign-in (login, msLogin): a token, or what the user must do next. */
export const LoginReplySchema = z.object({
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

export const DownloadDataSchema = z.object(
  Object.fromEntries(DOWNLOAD_KEYS.map((key) => [key, z.object({ link: z.string() })])) as Record<
    (typeof DOWNLOAD_KEYS)[number],
    z.ZodObject<{ link: z.ZodString }>
  >,
);

/** Company sign-up fields (spec section 3, Sign-up). */
export const SignUpPayloadSchema = z.object({
  firstName: requiredText(100),
  lastName: requiredText(100),
  email: EmailSchema,
  company: requiredText(100),
  phone: z
    .string()
    .trim()
    .regex(/^\+?[0-9]{1,4}-[0-9]{6,15}$/, MESSAGES.invalid('Phone')),
  numemployees: z.enum(['1-5', '5-25', '25-50', '50-100', '100-500', '500-1000', '1000+']),
  country: requiredText(100),
  referral: z.string().trim().max(200).optional(),
  industryType: requiredText(100),
  referralcode: z.string().trim().max(100).optional(),
  affiliatecode: z.string().trim().max(100).optional(),
  usercode: z.string().trim().max(100).optional(),
});

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

export { EmailSchema, OrgIdSchema, OtpSchema, RecoveryCodeSchema, NewPasswordSchema, LoginPasswordSchema, requiredText };
