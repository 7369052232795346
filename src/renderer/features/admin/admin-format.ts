import type * as z from 'zod';
import { PRODUCT_KEYS, PRODUCT_LABELS, TILE_ROLES, type ProductKey, type Role } from '../../../shared/products';
import type { AdminMember } from '../../../shared/protocol/admin-schemas';
import { KIT_MESSAGES } from '../../../shared/validation/kit-messages';
import { PSEUDO_LANGUAGE } from '../../../shared/i18n/languages';
import { MESSAGES } from '../../../shared/validation/messages';
import { currentLanguage } from '../../i18n';
import { t } from '../../i18n/screens';

const ROLE_IDS = { admin: 'admin.members.roleAdmin', member: 'admin.members.roleMember', client: 'admin.members.roleClient' } as const;

/**
 * The roles' names in the language shown: each read is translated when it is made (getters), so a screen that reads
 * `ROLE_LABELS[role]` or `ROLE_OPTIONS` while it renders shows the current language.
 */
export const ROLE_LABELS: Readonly<Record<Role, string>> = Object.defineProperties({} as Record<Role, string>, {
  admin: { enumerable: true, get: () => t(ROLE_IDS.admin) },
  member: { enumerable: true, get: () => t(ROLE_IDS.member) },
  client: { enumerable: true, get: () => t(ROLE_IDS.client) },
});
export const ROLE_OPTIONS: readonly { readonly value: Role; readonly label: string }[] = (['member', 'client', 'admin'] as const).map((role) => ({
  value: role,
  get label() {
    return ROLE_LABELS[role];
  },
}));

/** The locale Intl formats with: the language shown (British English for English and the pseudo-locale: "HR, Chat and Project"). */
const intlLocale = (): string => {
  const language = currentLanguage();
  return language === 'en' || language === PSEUDO_LANGUAGE ? 'en-GB' : language;
};

/** The time zone dates are shown in: the device's, else India's. */
const timeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'Asia/Kolkata';

/**
 * A moment in the language shown and the user's time zone: "12 Mar 2026, 14:05" (in figures in the pseudo-locale,
 * which has no month names of its own).
 */
export function formatDateTime(iso: string): string {
  const dateStyle = currentLanguage() === PSEUDO_LANGUAGE ? 'short' : 'medium';
  return new Intl.DateTimeFormat(intlLocale(), { dateStyle, timeStyle: 'short', timeZone: timeZone() }).format(new Date(iso));
}

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

/** "HR, Chat and Project", in the language shown (the pseudo-locale, with no English word, only commas). */
export function listOf(items: readonly string[]): string {
  if (currentLanguage() === PSEUDO_LANGUAGE) return items.join(', ');
  return new Intl.ListFormat(intlLocale(), { style: 'long', type: 'conjunction' }).format(items);
}

/** The second factors a member has set up, in words. */
export function secondFactorLabel(factor: AdminMember['secondFactor']): string {
  if (factor.authenticatorApp && factor.email) return t('admin.members.factorBoth');
  if (factor.authenticatorApp) return t('admin.members.factorApp');
  if (factor.email) return t('admin.members.factorEmail');
  return t('admin.members.factorNone');
}

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
