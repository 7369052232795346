// `npm run oidc:rotate-key [-- --prune]`: signing-key rotation of the OpenID provider (README, "Apps that sign in
// with the portal"). Adds a new key that signs from the next start of each instance; the old ones stop signing but
// stay published, so tokens they signed still verify. `--prune` deletes keys retired more than a day ago (longer than
// any token they signed lives).
import { and, isNotNull, lt } from 'drizzle-orm';
import { loadConfig } from '../config';
import { openDatabase } from '../db/client';
import { oidcSigningKeys } from '../db/schema';
import { addSigningKey } from './signing-keys';

const config = loadConfig();
const database = await openDatabase(config, () => undefined);
try {
  if (process.argv.includes('--prune')) {
    const pruned = await database.db
      .delete(oidcSigningKeys)
      .where(and(isNotNull(oidcSigningKeys.retiredAt), lt(oidcSigningKeys.retiredAt, new Date(Date.now() - 86_400_000))))
      .returning({ kid: oidcSigningKeys.kid });
    process.stdout.write(`Deleted ${pruned.length} retired signing key(s).\n`);
  } else {
    const kid = await addSigningKey(database.db, { retireOthers: true });
    process.stdout.write(`New signing key ${kid}. Restart every instance (one at a time) so they sign with it.\n`);
  }
} finally {
  await database.close();
}
