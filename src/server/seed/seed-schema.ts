import * as z from 'zod';
import { ProductKeySchema, RoleSchema } from '../../shared/product-schemas';
import { BackchannelLogoutUriSchema } from '../../shared/protocol/admin-schemas';
import { EmailSchema, OrgIdSchema } from '../../shared/validation/fields';
import { NewPasswordSchema } from '../../shared/validation/password';
import { isCidr } from '../auth/ip-ranges';

const httpsOrPath = z
  .string()
  .trim()
  .max(2000)
  .refine((value) => value.startsWith('/') || /^https?:\/\//.test(value), 'must be an http(s) URL or a path on this server');

/** One organization of a seed file. */
export const SeedOrganizationSchema = z.strictObject({
  orgId: OrgIdSchema,
  company: z.string().trim().min(1).max(100),
  logoURL: httpsOrPath.optional(),
  plan: z.partialRecord(ProductKeySchema, z.boolean()),
  mfa: z.strictObject({ email: z.boolean(), authenticatorApp: z.boolean() }).optional(),
  /** Optional, default true: members may trust a device to skip the second factor for 30 days. */
  allowTrustedDevices: z.boolean().optional(),
  allowedIpRanges: z.array(z.string().trim().refine(isCidr, 'must be a CIDR range such as 10.0.0.0/8')).optional(),
  /** Optional, default true; false leaves the company to be verified at /verify-organization/{orgId}. Set at creation only. */
  verified: z.boolean().optional(),
  /** Optional: employees this organization is onboarding or preboarding (they sign up at /{orgId}/register). */
  onboardingEmployees: z
    .array(
      z.strictObject({
        email: EmailSchema,
        employeeCode: z.string().trim().min(1).max(64).optional(),
        preboarding: z.boolean().default(false),
        /** Optional: a password set when the employee is created (otherwise they sign up). */
        password: NewPasswordSchema.optional(),
      }),
    )
    .optional(),
});

/** One user of a seed file, with memberships by orgId. */
export const SeedUserSchema = z.strictObject({
  email: EmailSchema,
  userName: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9._-]{3,64}$/, 'must be 3 to 64 letters, digits, dots, dashes or underscores')
    .refine((value) => !value.includes('@'), 'must not contain @')
    .transform((value) => value.toLowerCase())
    .optional(),
  employeeCode: z.string().trim().min(1).max(64).optional(),
  /**
   * Optional: without it the account gets a random password nobody knows and chooses its own at its next verified
   * step (/verify-email with a mailed code, or Forgot Password). Set when the account is created only.
   */
  password: NewPasswordSchema.optional(),
  firstName: z.string().trim().min(1).max(100),
  lastName: z.string().trim().min(1).max(100),
  verified: z.boolean().default(true),
  mustChangePassword: z.boolean().default(false),
  memberships: z.array(
    z.strictObject({ orgId: OrgIdSchema, role: RoleSchema, productAccess: z.array(ProductKeySchema).optional() }),
  ),
});

/** The scopes the portal's OpenID provider knows (README: "Registering an app"). */
export const OAUTH_SCOPES = ['openid', 'email', 'profile', 'offline_access'] as const;

/** A client's redirect URI: an absolute http(s) URL without a fragment (RFC 6749 §3.1.2), compared exactly. */
const redirectUri = z
  .url({ protocol: /^https?$/ })
  .max(2000)
  .refine((uri) => !uri.includes('#'), 'A redirect URI must not have a fragment.');

/** A seed file: organizations, users, OAuth clients and invitations, applied idempotently on start. */
export const SeedFileSchema = z
  .strictObject({
    organizations: z.array(SeedOrganizationSchema),
    users: z.array(SeedUserSchema),
    oauthClients: z
      .array(
        z.strictObject({
          clientId: z.string().trim().min(1).max(200),
          name: z.string().trim().min(1).max(100),
          logoURL: httpsOrPath.optional(),
          redirectUris: z.array(redirectUri).min(1),
          /** Makes the client confidential (client_secret_basic); stored as sha256 only. Without it, the client is public and must use PKCE. */
          clientSecret: z.string().min(32, 'clientSecret must be at least 32 characters (use a random value).').max(200).optional(),
          postLogoutRedirectUris: z.array(redirectUri).optional(),
          /** Scopes the client may ask for; openid is always allowed. */
          scopes: z.array(z.enum(OAUTH_SCOPES)).optional(),
          /** Optional: the organization whose app it is (as if its admin console had registered it): it signs in for that organization only. */
          orgId: OrgIdSchema.optional(),
          /** A suite app: signs in without asking the user's consent. Without it (the default), the first sign-in asks. */
          firstParty: z.boolean().optional(),
          /** OpenID back-channel logout: a logout token is POSTed here when the portal session a user signed in with ends (the console's rule). */
          backchannelLogoutUri: BackchannelLogoutUriSchema.optional(),
        }),
      )
      .optional(),
    invitations: z
      .array(
        z.strictObject({
          code: z.string().trim().min(8).max(200),
          orgId: OrgIdSchema,
          email: EmailSchema,
          role: RoleSchema,
          productAccess: z.array(ProductKeySchema).optional(),
          expiresAt: z.iso.datetime({ offset: true }).optional(),
        }),
      )
      .optional(),
  })
  .superRefine((seed, ctx) => {
    const unique = <T>(items: T[], key: (item: T) => string, path: string) => {
      const seen = new Set<string>();
      items.forEach((item, index) => {
        const value = key(item);
        if (seen.has(value)) ctx.addIssue({ code: 'custom', path: [path, index], message: `duplicate ${JSON.stringify(value)}` });
        seen.add(value);
      });
    };
    unique(seed.organizations, (org) => org.orgId, 'organizations');
    unique(seed.users, (user) => user.email, 'users');
    unique(seed.users.filter((user) => user.userName), (user) => user.userName!, 'users');
    unique(seed.invitations ?? [], (invitation) => invitation.code, 'invitations');
    unique(seed.oauthClients ?? [], (client) => client.clientId, 'oauthClients');
    seed.organizations.forEach((org, index) => {
      const seen = new Set<string>();
      (org.onboardingEmployees ?? []).forEach((employee, e) => {
        if (seen.has(employee.email)) ctx.addIssue({ code: 'custom', path: ['organizations', index, 'onboardingEmployees', e], message: `duplicate ${JSON.stringify(employee.email)}` });
        seen.add(employee.email);
      });
    });
  });

export type SeedFile = z.output<typeof SeedFileSchema>;

/** Turns zod issues into lines a person can act on: `users[2].password: Please use uppercase.` */
export function describeSeedIssues(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const path = issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('').replace(/^\./, '');
    return `${path || '(root)'}: ${issue.message}`;
  });
}
