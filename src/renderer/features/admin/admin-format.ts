import type * as z from 'zod';
import { PRODUCT_KEYS, PRODUCT_LABELS, TILE_ROLES, type ProductKey, type Role } from '../../../shared/products';
import type { AdminMember } from '../../../shared/protocol/admin-schemas';
import { KIT_MESSAGES } from '../../../shared/validation/kit-messages';
import { MESSAGES } from '../../../shared/validation/messages';

export const ROLE_LABELS: Record<Role, string> = { admin: 'Admin', member: 'Member', client: 'Client' };
export const ROLE_OPTIONS = (['member', 'client', 'admin'] as const).map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/**
 * The products a role may be given in this organization: those of the plan the role can open at all (spec section 6:
 * Project for clients, Survey for admins only, the rest for admins and members), in the spec's order.
 */
export function grantableProducts(role: Role, plan: readonly ProductKey[]): ProductKey[] {
  return PRODUCT_KEYS.filter((product) => plan.includes(product) && TILE_ROLES[product].includes(role));
}

/** What a member opens (spec section 3: the plan AND (admin OR their product access)), as product names. */
export function openedProducts(member: Pick<AdminMember, 'role' | 'productAccess'>, plan: readonly ProductKey[]): string[] {
  const products = grantableProducts(member.role, plan).filter((product) => member.role === 'admin' || member.productAccess.includes(product));
  return products.map((product) => PRODUCT_LABELS[product]);
}

/** "HR, Chat and Project". */
export function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** The second factors a member has set up, in words. */
export function secondFactorLabel(factor: AdminMember['secondFactor']): string {
  if (factor.authenticatorApp && factor.email) return 'Authenticator app and work email';
  if (factor.authenticatorApp) return 'Authenticator app';
  if (factor.email) return 'Work email';
  return 'None';
}

/** "1 member", "3 members". */
export const count = (n: number, one: string, many = `${one}s`): string => `${n} ${n === 1 ? one : many}`;

/**
 * An issue's words for a person. A too-long text says so: the shared field schemas built with
 * `z.string({ error: 'Required*' })` (EmailSchema, CidrSchema, RedirectUriSchema) give that schema-wide message to
 * their length check too, so a 300-character address would otherwise be 'Required*'.
 */
export function issueText(issue: z.core.$ZodIssue): string {
  return issue.code === 'too_big' && issue.origin === 'string' ? KIT_MESSAGES.maxChars(Number(issue.maximum)) : issue.message;
}

/**
 * The console's messages for what a shared schema leaves to zod (a length, a value outside a list): the spec's
 * 'Required*' and '{label} must be valid.', or a plain sentence of ours, never the library's text. The schemas' own
 * messages stay (zod prefers them to this map). `labels` names the fields by the last key of their path.
 */
export function adminIssueMessages(labels: Record<string, string>): z.core.$ZodErrorMap {
  return (issue) => {
    const key = [...(issue.path ?? [])].reverse().find((part) => typeof part === 'string');
    const label = (typeof key === 'string' && labels[key]) || 'This value';
    switch (issue.code) {
      case 'too_small':
        return MESSAGES.required;
      case 'too_big':
        return issue.origin === 'string' ? KIT_MESSAGES.maxChars(Number(issue.maximum)) : `At most ${String(issue.maximum)} at a time.`;
      default:
        return MESSAGES.invalid(label);
    }
  };
}
