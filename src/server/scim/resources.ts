import * as z from 'zod';
import { invalidValue } from './errors';

/**
 * The SCIM resources as the portal reads and writes them (RFC 7643): the User and Group core schemas, with the
 * attributes the portal keeps. Anything else a directory sends (title, locale, the enterprise extension…) is accepted
 * and not kept.
 */
export const SCHEMAS = {
  user: 'urn:ietf:params:scim:schemas:core:2.0:User',
  group: 'urn:ietf:params:scim:schemas:core:2.0:Group',
  list: 'urn:ietf:params:scim:api:messages:2.0:ListResponse',
  patch: 'urn:ietf:params:scim:api:messages:2.0:PatchOp',
} as const;

/** A boolean as directories send it: JSON true/false, or Entra's "True"/"False". */
export const ScimBoolean = z.union([z.boolean(), z.string().regex(/^(true|false)$/i).transform((text) => text.toLowerCase() === 'true')]);

const Text = (max: number) => z.string().trim().max(max);
const EmailSchema = z.looseObject({ value: Text(320), type: z.string().max(50).nullish(), primary: ScimBoolean.nullish() });
export const EmailsSchema = z.array(EmailSchema).max(20);
export const NameSchema = z.looseObject({ givenName: Text(100).nullish(), familyName: Text(100).nullish(), formatted: Text(200).nullish() });

export const UserBodySchema = z.looseObject({
  userName: Text(320).min(1),
  externalId: Text(300).nullish(),
  name: NameSchema.nullish(),
  emails: EmailsSchema.nullish(),
  active: ScimBoolean.optional(),
});

/** What the portal keeps of a provisioned user. */
export interface UserState {
  userName: string;
  email: string;
  givenName: string;
  familyName: string;
  externalId: string | null;
  active: boolean;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** The address of the account: the work email (or the primary, or the first), else the userName when it is one. */
export function accountEmail(userName: string, emails: z.output<typeof EmailsSchema> | null | undefined): string {
  const list = emails ?? [];
  const chosen = list.find((email) => email.type?.toLowerCase() === 'work') ?? list.find((email) => email.primary === true) ?? list[0];
  const email = (chosen?.value ?? userName).toLowerCase();
  if (!EMAIL.test(email)) throw invalidValue('The user needs an email address: send a work email in emails, or a userName that is an email address.');
  return email;
}

/** A POST or PUT body as the state it asks for; 400 invalidValue naming the first wrong attribute. */
export function userStateOf(body: unknown, current?: Pick<UserState, 'givenName' | 'familyName' | 'active'>): UserState {
  const parsed = UserBodySchema.safeParse(body);
  if (!parsed.success) throw invalidValue(`The user's ${parsed.error.issues[0]?.path.join('.') || 'body'} is missing or not valid.`);
  const user = parsed.data;
  const email = accountEmail(user.userName, user.emails);
  return {
    userName: user.userName,
    email,
    givenName: user.name?.givenName ?? current?.givenName ?? email.split('@')[0]!,
    familyName: user.name?.familyName ?? current?.familyName ?? '',
    externalId: user.externalId ?? null,
    // A PUT without `active` leaves it as it is (a deactivated user is not brought back by a profile update).
    active: user.active ?? current?.active ?? true,
  };
}

export interface ScimMeta {
  id: string;
  created: Date;
  lastModified: Date;
}

/** A user as the directory reads it back. */
export function userResource(baseUrl: string, row: ScimMeta & UserState, groups: { id: string; displayName: string }[]) {
  return {
    schemas: [SCHEMAS.user],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    userName: row.userName,
    name: { givenName: row.givenName, familyName: row.familyName, formatted: `${row.givenName} ${row.familyName}`.trim() },
    displayName: `${row.givenName} ${row.familyName}`.trim() || row.email,
    emails: [{ value: row.email, type: 'work', primary: true }],
    active: row.active,
    groups: groups.map((group) => ({ value: group.id, display: group.displayName, $ref: `${baseUrl}/Groups/${group.id}` })),
    meta: { resourceType: 'User', created: row.created.toISOString(), lastModified: row.lastModified.toISOString(), location: `${baseUrl}/Users/${row.id}` },
  };
}

/** A group as the directory reads it back; `members` left out when the request excluded it. */
export function groupResource(
  baseUrl: string,
  row: ScimMeta & { displayName: string; externalId: string | null },
  members: { id: string; userName: string }[] | null,
) {
  return {
    schemas: [SCHEMAS.group],
    id: row.id,
    ...(row.externalId ? { externalId: row.externalId } : {}),
    displayName: row.displayName,
    ...(members ? { members: members.map((member) => ({ value: member.id, display: member.userName, $ref: `${baseUrl}/Users/${member.id}` })) } : {}),
    meta: { resourceType: 'Group', created: row.created.toISOString(), lastModified: row.lastModified.toISOString(), location: `${baseUrl}/Groups/${row.id}` },
  };
}

/** A page of results (RFC 7644 §3.4.2). */
export function listResponse<T>(resources: T[], total: number, startIndex: number) {
  return { schemas: [SCHEMAS.list], totalResults: total, startIndex, itemsPerPage: resources.length, Resources: resources };
}

/** startIndex (1-based) and count as RFC 7644 §3.4.2.4 reads them: below 1 is 1, a negative count is 0; at most 200. */
export function paging(query: Record<string, unknown>): { startIndex: number; count: number } {
  const number = (value: unknown) => (typeof value === 'string' && /^-?\d{1,9}$/.test(value) ? Number(value) : null);
  const startIndex = Math.max(1, number(query.startIndex) ?? 1);
  const count = Math.min(200, Math.max(0, number(query.count) ?? 100));
  return { startIndex, count };
}

/** A PATCH body (RFC 7644 §3.5.2): its operations, the op in lower case (Entra writes "Replace"). */
const PatchSchema = z.looseObject({
  Operations: z
    .array(z.looseObject({ op: z.string().transform((op) => op.toLowerCase()).pipe(z.enum(['add', 'replace', 'remove'])), path: z.string().max(500).optional(), value: z.unknown().optional() }))
    .min(1)
    .max(1000),
});
export type PatchOperation = z.output<typeof PatchSchema>['Operations'][number];

export function patchOperations(body: unknown): PatchOperation[] {
  const parsed = PatchSchema.safeParse(body);
  if (!parsed.success) throw invalidValue('A PATCH needs Operations, each with an op of add, replace or remove.');
  return parsed.data.Operations;
}
