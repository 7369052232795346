import * as z from 'zod';
import { entry, none } from './events';
import { SuccessSchema } from './schemas';
import { CeremonyReplySchema, PasskeyNameSchema, PasskeySummarySchema, RegistrationResponseSchema } from './passkey-schemas';
import { IdSchema } from './security-schemas';

/**
 * The passkeys of one's own account (/account/passkeys, issue 23): every event needs a session and acts on the
 * caller's own passkeys. Loaded with the security center, like `SECURITY_EVENTS` (`contract.ts` joins them for the
 * server). Adding and removing spend the `passkeyChange` budget: each mails the owner.
 */
export const PASSKEY_EVENTS = {
  /** Options for the browser's `startRegistration`: a fresh challenge (5 minutes, once, for this session), the user's passkeys excluded. */
  getPasskeyRegistrationOptions: entry({ auth: 'user' }, none, CeremonyReplySchema),
  /** Verify the browser's new credential against the challenge and keep it under the name given; mails the owner. */
  registerPasskey: entry(
    { auth: 'user', limits: { passkeyChange: 'account' } },
    z.object({ challengeId: IdSchema, name: PasskeyNameSchema, response: RegistrationResponseSchema }),
    z.object({ passkey: PasskeySummarySchema }),
  ),
  /** The signed-in user's passkeys, newest first. */
  getPasskeyList: entry({ auth: 'user' }, none, z.object({ list: z.array(PasskeySummarySchema) })),
  /** Give one's own passkey another name. */
  renamePasskey: entry({ auth: 'user' }, z.object({ passkeyId: IdSchema, name: PasskeyNameSchema }), z.object({ passkey: PasskeySummarySchema })),
  /** Remove one's own passkey: it signs in no more; mails the owner. */
  removePasskey: entry({ auth: 'user', limits: { passkeyChange: 'account' } }, z.object({ passkeyId: IdSchema }), SuccessSchema),
} as const;
