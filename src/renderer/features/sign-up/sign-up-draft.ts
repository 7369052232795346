import * as z from 'zod';
import { readSession, removeSession, SESSION_KEYS, writeSession } from '../../session/session-values';

/** What /register keeps of step 1 across a reload: every field but the password and its confirmation. */
const AboutYouDraftSchema = z.object({
  firstName: z.string().max(200),
  lastName: z.string().max(200),
  email: z.string().max(300),
  countryCode: z.string().max(10),
  phone: z.string().max(30),
});

/** What /register keeps of step 2 across a reload. */
const AboutCompanyDraftSchema = z.object({
  company: z.string().max(200),
  numemployees: z.string().max(20),
  industryType: z.string().max(200),
  country: z.string().max(200),
  referral: z.string().max(300),
  terms: z.boolean(),
});

/** Both steps of a sign-up in progress, each field optional (what was typed so far). */
const SignUpDraftSchema = z.object({ aboutYou: AboutYouDraftSchema.partial().catch({}), aboutCompany: AboutCompanyDraftSchema.partial().catch({}) });
export type SignUpDraft = z.output<typeof SignUpDraftSchema>;

const EMPTY: SignUpDraft = { aboutYou: {}, aboutCompany: {} };

/** Keeps only the fields a draft holds, as the draft schema reads them: anything else (a password) is never written. */
function pick(schema: z.ZodObject, values: Record<string, unknown>): Record<string, unknown> {
  const shape = schema.shape as Record<string, z.ZodType>;
  return Object.fromEntries(Object.keys(shape).flatMap((key) => (shape[key]!.safeParse(values[key]).success ? [[key, values[key]]] : [])));
}

/** The sign-up this tab had typed before a reload; nothing when none was kept or what was kept is not a draft. */
export function readSignUpDraft(): SignUpDraft {
  const raw = readSession(SESSION_KEYS.signUpDraft);
  if (!raw) return EMPTY;
  try {
    const parsed = SignUpDraftSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : EMPTY;
  } catch {
    return EMPTY;
  }
}

/** Keeps both steps' fields for this tab's next reload, leaving out the password and its confirmation. */
export function saveSignUpDraft(draft: { aboutYou: Record<string, unknown>; aboutCompany: Record<string, unknown> }): void {
  const kept = { aboutYou: pick(AboutYouDraftSchema, draft.aboutYou), aboutCompany: pick(AboutCompanyDraftSchema, draft.aboutCompany) };
  writeSession(SESSION_KEYS.signUpDraft, JSON.stringify(kept));
}

/** The sign-up went through: nothing of it is kept. */
export function forgetSignUpDraft(): void {
  removeSession(SESSION_KEYS.signUpDraft);
}
