// `npm run demo:reset`: start the demo over. Deletes the data folder of the embedded database (DATA_DIR, default
// ./.data): the database with every password changed since, the outbox, the generated keys. The next `npm start`
// applies the demo seed again, so the printed demo passwords work. Stop the server first.
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { resolve } from 'node:path';

if (process.env.DATABASE_URL) {
  console.error('DATABASE_URL is set: the demo data lives in PostgreSQL, not in a folder. Reset that database instead.');
  process.exit(1);
}
const dataDir = resolve(process.env.DATA_DIR || './.data');
if (!existsSync(dataDir)) {
  console.log(`Nothing to reset: ${dataDir} does not exist. \`npm start\` creates it with the demo data.`);
  process.exit(0);
}
// Only a folder the portal made: it holds the embedded database, the outbox or the MFA key, and nothing else.
const known = new Set(['pglite', 'outbox', 'mfa.key']);
const entries = readdirSync(dataDir);
const strangers = entries.filter((name) => !known.has(name));
if (entries.length > 0 && strangers.length === entries.length) {
  console.error(`${dataDir} does not look like the portal's data folder (it holds ${strangers.slice(0, 3).join(', ')}). Nothing deleted.`);
  process.exit(1);
}
rmSync(dataDir, { recursive: true, force: true });
console.log(`Deleted ${dataDir}. Run \`npm start\`: the demo data and its passwords are back.`);
