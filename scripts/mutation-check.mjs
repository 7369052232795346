// `npm run test:mutations`: each guard's own test must catch a change to that guard. Every mutation below is one exact
// text replacement in a guard file (the limits' policies, the password rules, the one-time codes); the script applies
// one at a time, runs the one test that must catch it, and puts the file back. A mutation whose test still passes
// "survived": the guard is not really tested, and the run fails (so does `npm test`, which runs it).
// It never edits the checkout: it works on a copy of the sources in a temporary folder (node_modules linked, not
// copied) and deletes it at the end (also when stopped: SIGINT, SIGTERM, an error), so it can run while other layers
// of `npm test` read and build the same files (scripts/alongside.mjs).
// `node scripts/mutation-check.mjs [name…]` runs some mutations only; `--list` prints them.
import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join, resolve } from 'node:path';

const CHECKOUT = resolve(import.meta.dirname, '..');
// What is not copied: installed packages (linked instead), git's data, and what builds and runs leave behind.
const NOT_COPIED = new Set(['node_modules', '.git', 'dist', 'out', 'release', '.data', 'test-results', 'playwright-report', '.prof', '.tmp']);
const POLICIES = 'src/server/limits/policies.ts';
const PASSWORD = 'src/shared/validation/password.ts';
const CODES = 'src/server/auth/one-time-codes.ts';
const FLOW = 'src/server/sign-in/sign-in-flow.ts';
const LIMITS_TEST = { project: 'server', file: 'tests/server/attempt-limits.test.ts' };
const LOCKOUT_TEST = { project: 'server', file: 'tests/server/lockout.test.ts' };
const MFA_TEST = { project: 'server', file: 'tests/server/multi-factor.test.ts' };
const PASSWORD_TEST = { project: 'unit', file: 'src/shared/validation/password.test.ts' };

/**
 * name, file, the exact text (found exactly once) and what replaces it (or `edits`, several such pairs in the file, for
 * a guard checked in two places), and the test (with a test-name filter) that must fail.
 */
export const MUTATIONS = [
  // Limits: each number of a rule one higher, and the second factor's budget not spent at all.
  { name: 'password pair allows 6', file: POLICIES, from: "rules: [pair(5, 15, 'refund'), { ...subject(20, 60", to: "rules: [pair(6, 15, 'refund'), { ...subject(20, 60", test: { ...LIMITS_TEST, only: 'login: 100 wrong passwords' } },
  { name: 'password subject allows 21', file: POLICIES, from: "{ ...subject(20, 60, 'refund'), unlockByMail", to: "{ ...subject(21, 60, 'refund'), unlockByMail", test: { ...LOCKOUT_TEST, only: 'guesses from many addresses' } },
  { name: 'password address allows 51', file: POLICIES, from: "knownDevicesApart: true }, address(50, 15", to: "knownDevicesApart: true }, address(51, 15", test: { ...LIMITS_TEST, only: 'distinct accounts from one address' } },
  { name: 'second factor allows 6', file: POLICIES, from: "after its password', rules: [subject(5, 15", to: "after its password', rules: [subject(6, 15", test: { ...LIMITS_TEST, only: 'authenticator alone' } },
  { name: 'login spends no second-factor budget', file: FLOW, from: "  await call.spend('secondFactor', user.id);\n", to: '', test: { ...LIMITS_TEST, only: 'mailed second factor alone' } },
  { name: 'recovery code allows 6', file: POLICIES, from: "with a session', rules: [subject(5, 15", to: "with a session', rules: [subject(6, 15", test: { ...LIMITS_TEST, only: 'recovery code with a session' } },
  { name: 'email code pair allows 6', file: POLICIES, from: "(activateAccount)',\n    rules: [pair(5, 15", to: "(activateAccount)',\n    rules: [pair(6, 15", test: { ...LIMITS_TEST, only: 'activateAccount: 300 wrong codes' } },
  { name: 'link lookups allow 31', file: POLICIES, from: "from one address',\n    rules: [subject(30, 15, 'refund')]", to: "from one address',\n    rules: [subject(31, 15, 'refund')]", test: { ...LIMITS_TEST, only: 'reset links: 100 guessed codes' } },
  { name: 'password change allows 6', file: POLICIES, from: "(hrms|myPassword|update)', rules: [subject(5, 15", to: "(hrms|myPassword|update)', rules: [subject(6, 15", test: { ...LIMITS_TEST, only: 'password change: 100 wrong current' } },
  // Password rules: each rule of a new password dropped, and the minimum one shorter.
  { name: 'no special character needed', file: PASSWORD, from: "\n  .regex(/[^A-Za-z0-9\\s]/, MESSAGES.passwordSpecial)", to: '', test: PASSWORD_TEST },
  { name: 'no uppercase needed', file: PASSWORD, from: "\n  .regex(/[A-Z]/, MESSAGES.passwordUppercase)", to: '', test: PASSWORD_TEST },
  { name: 'no lowercase needed', file: PASSWORD, from: "\n  .regex(/[a-z]/, MESSAGES.passwordLowercase)", to: '', test: PASSWORD_TEST },
  { name: 'no digit needed', file: PASSWORD, from: "\n  .regex(/[0-9]/, MESSAGES.passwordNumber)", to: '', test: PASSWORD_TEST },
  { name: 'seven characters are enough', file: PASSWORD, from: 'export const PASSWORD_MIN = 8;', to: 'export const PASSWORD_MIN = 7;', test: PASSWORD_TEST },
  { name: 'checklist ticks the special character for anything', file: PASSWORD, from: "test: (value: string) => /[^A-Za-z0-9\\s]/.test(value) }", to: 'test: (value: string) => value.length >= 0 }', test: PASSWORD_TEST },
  // One-time codes: a used or expired code still works, an older code than the latest works.
  {
    name: 'a used code works again',
    file: CODES,
    edits: [
      ["  if (latest.row.usedAt !== null) return { status: 'used' };\n", ''],
      ['.where(and(eq(oneTimeCodes.id, row.id), isNull(oneTimeCodes.usedAt)))', '.where(eq(oneTimeCodes.id, row.id))'],
    ],
    test: { ...MFA_TEST, only: 'mails a single-use code' },
  },
  { name: 'an older code counts, not the latest', file: CODES, from: '.orderBy(desc(oneTimeCodes.createdAt))\n    .limit(1);\n  if (!latest', to: '.orderBy(oneTimeCodes.createdAt)\n    .limit(1);\n  if (!latest', test: { ...MFA_TEST, only: 'mails a single-use code' } },
  { name: 'an expired code works', file: CODES, from: "  if (!latest.live) return { status: 'expired' };\n", to: '', test: { ...MFA_TEST, only: 'mails a single-use code' } },
];

const originals = new Map();
function restoreAll() {
  for (const [file, text] of originals) writeFileSync(resolve(ROOT, file), text);
  originals.clear();
}

let ROOT = CHECKOUT;
/** The private copy the mutations are made in; removed on exit. */
function makeCopy() {
  const copy = mkdtempSync(join(tmpdir(), 'suite-portal-mutations-'));
  process.on('exit', () => rmSync(copy, { recursive: true, force: true }));
  for (const name of readdirSync(CHECKOUT)) {
    if (!NOT_COPIED.has(name)) cpSync(join(CHECKOUT, name), join(copy, name), { recursive: true, verbatimSymlinks: true });
  }
  symlinkSync(join(CHECKOUT, 'node_modules'), join(copy, 'node_modules'), 'dir');
  return copy;
}
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => process.exit(130));

// The server tests run each case on PGlite and on PostgreSQL; a guard is the same code on both, so a mutation is tried
// on one engine: PostgreSQL when the tests' server answers (CI), else PGlite. That halves the check's time (`npm run
// test:server` still runs every guard's test on both).
let ENGINE = 'pglite';
async function chooseEngine() {
  const { default: pg } = await import('pg');
  const url = new URL(process.env.TEST_DATABASE_URL ?? 'postgres://127.0.0.1:5432/test');
  if (!url.username) url.username = userInfo().username;
  const client = new pg.Client({ connectionString: url.toString(), connectionTimeoutMillis: 3000 });
  try {
    await client.connect();
    await client.query('SELECT 1');
    return 'postgres';
  } catch {
    return 'pglite';
  } finally {
    await client.end().catch(() => {});
  }
}

/** Runs a test file (only the named tests, escaped patterns); `ran` counts the tests that passed. */
function runTest(test) {
  const only = test.project === 'server' ? `\\[${ENGINE}\\].*(${test.only ?? ''})` : test.only;
  const args = ['vitest', 'run', '--project', test.project, test.file, ...(only ? ['-t', only] : [])];
  const started = Date.now();
  const run = spawnSync('npx', args, { cwd: ROOT, encoding: 'utf8', env: { ...process.env, FORCE_COLOR: '0', NO_COLOR: '1' }, maxBuffer: 64 * 1024 * 1024 });
  const output = `${run.stdout}${run.stderr}`;
  const ran = Number(/Tests\s+(\d+) passed/.exec(output)?.[1] ?? 0);
  return { passed: run.status === 0, ran, seconds: (Date.now() - started) / 1000, output };
}

/** Applies one mutation, runs its test, puts the file back; returns whether the test failed (the mutation was caught). */
function check(mutation) {
  const path = resolve(ROOT, mutation.file);
  const text = readFileSync(path, 'utf8');
  let mutated = text;
  for (const [from, to] of mutation.edits ?? [[mutation.from, mutation.to]]) {
    const found = mutated.split(from).length - 1;
    if (found !== 1) throw new Error(`"${mutation.name}": its text is found ${found} times in ${mutation.file}, not once: update the mutation with the code`);
    mutated = mutated.replace(from, () => to);
  }
  originals.set(mutation.file, text);
  writeFileSync(path, mutated);
  try {
    return runTest({ ...mutation.test, only: mutation.test.only && escape(mutation.test.only) });
  } finally {
    restoreAll();
  }
}

const args = process.argv.slice(2);
if (args.includes('--list')) {
  for (const mutation of MUTATIONS) console.log(`${mutation.name}  (${mutation.file} → ${mutation.test.file}${mutation.test.only ? ` -t "${mutation.test.only}"` : ''})`);
  process.exit(0);
}
const chosen = args.length ? MUTATIONS.filter((mutation) => args.includes(mutation.name)) : MUTATIONS;
const started = Date.now();
ROOT = makeCopy();
ENGINE = await chooseEngine();
console.log(`mutations on a copy in ${ROOT}; server tests on ${ENGINE}`);
// First the tests as they are, one run per file with every chosen test of it: a test that fails without any mutation
// would "catch" everything.
const escape = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const baselines = new Map();
for (const { test } of chosen) {
  const known = baselines.get(test.file);
  if (!known) baselines.set(test.file, { ...test, only: test.only ? escape(test.only) : undefined });
  else if (known.only && test.only) known.only = `${known.only}|${escape(test.only)}`;
  else known.only = undefined;
}
for (const [file, test] of baselines) {
  const result = runTest(test);
  if (!result.passed || result.ran === 0) {
    console.error(`${result.passed ? 'No test ran' : 'The tests fail'} without any mutation: ${file}\n${result.output.slice(-3000)}`);
    process.exit(1);
  }
  console.log(`baseline  ${file} passes (${result.seconds.toFixed(1)} s)`);
}
const survived = [];
for (const mutation of chosen) {
  const result = check(mutation);
  console.log(`${result.passed ? 'SURVIVED' : 'caught  '}  ${mutation.name.padEnd(52)} ${result.seconds.toFixed(1)} s  (${mutation.test.file})`);
  if (result.passed) survived.push(mutation.name);
}
const seconds = ((Date.now() - started) / 1000).toFixed(0);
console.log(`\n${chosen.length - survived.length} passed, ${survived.length} failed (mutations caught, survived) in ${seconds} s`);
process.exit(survived.length ? 1 : 0);
