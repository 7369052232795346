import * as z from 'zod';
import { BackchannelLogoutUriSchema, RedirectUriSchema, RegisterAppSchema } from '../../../shared/protocol/admin-schemas';
import { t, tEnglish } from '../../i18n/screens';
import { adminIssueMessages, issueText } from './admin-format';

const ISSUE_MESSAGES = adminIssueMessages({ name: 'App name', redirectUris: 'Redirect URIs', backchannelLogoutUri: 'Back-channel logout URI' });

/** Redirect URIs typed one per line, each checked with the contract's rule, then the list (1 to 10, each once). */
export function parseUriLines(text: string): { ok: true; uris: string[] } | { ok: false; message: string } {
  const uris: string[] = [];
  const problems: string[] = [];
  text.split(/\r?\n/).forEach((line, index) => {
    if (line.trim() === '') return;
    const parsed = RedirectUriSchema.safeParse(line, { error: ISSUE_MESSAGES });
    if (parsed.success) uris.push(parsed.data);
    // In the language shown when the form is checked (the schema's English through the catalog).
    else problems.push(t('adminApps.uriLine', { line: index + 1, problem: tEnglish(issueText(parsed.error.issues[0]!)) }));
  });
  if (problems.length) return { ok: false, message: problems.join(' ') };
  const list = RegisterAppSchema.shape.redirectUris.safeParse(uris, { error: ISSUE_MESSAGES });
  return list.success ? { ok: true, uris: list.data } : { ok: false, message: issueText(list.error.issues[0]!) };
}

/** An optional back-channel logout URI: empty is none (null), else the contract's rule and its message. */
const OptionalLogoutUriSchema = z.string().transform((text, context) => {
  if (text.trim() === '') return null;
  const parsed = BackchannelLogoutUriSchema.safeParse(text, { error: ISSUE_MESSAGES });
  if (parsed.success) return parsed.data;
  context.addIssue({ code: 'custom', message: issueText(parsed.error.issues[0]!) });
  return z.NEVER;
});

/**
 * The register and edit dialog's fields: the contract's name, type and API access, the redirect URIs as lines of
 * text, the back-channel logout URI (empty for none).
 */
export const AppFormSchema = z
  .object({
    name: RegisterAppSchema.shape.name,
    redirectUris: z.string().superRefine((text, context) => {
      const parsed = parseUriLines(text);
      if (!parsed.ok) context.addIssue({ code: 'custom', message: parsed.message });
    }),
    type: RegisterAppSchema.shape.type,
    apiAccess: z.boolean(),
    backchannelLogoutUri: OptionalLogoutUriSchema,
  })
  .transform((values) => ({ ...values, apiAccess: values.type === 'confidential' && values.apiAccess }));
export type AppFormValues = z.input<typeof AppFormSchema>;
export type AppFormOutput = z.output<typeof AppFormSchema>;

export const APP_FORM_MESSAGES = ISSUE_MESSAGES;

/** The URIs of checked form values (the schema has checked them already). */
export const urisOf = (text: string): string[] => {
  const parsed = parseUriLines(text);
  return parsed.ok ? parsed.uris : [];
};
