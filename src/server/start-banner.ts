import { relative } from 'node:path';
import type { ServerConfig } from './config';
import type { SeedResult } from './seed/apply-seed';
import { demoSeed } from './server';

type DemoUser = (typeof demoSeed.users)[number] & { userName?: string; password?: string; mustChangePassword?: boolean; verified?: boolean };
type DemoOrganization = (typeof demoSeed.organizations)[number] & {
  mfa?: { email: boolean; authenticatorApp: boolean };
  onboardingEmployees?: { email: string; employeeCode?: string; preboarding?: boolean; password?: string }[];
};

/** How an account seeded without a password gets one (it has a random one nobody knows). */
const CHOOSE_PASSWORD = 'at /verify-email enter the address, Resend OTP, and choose one with the mailed code';

/** What a demo account shows, so a newcomer knows which branch each one tries. */
export function demoNote(user: DemoUser): string {
  if (user.password === undefined) return `(no password yet: ${CHOOSE_PASSWORD})`;
  if (user.mustChangePassword) return '(must change password)';
  if (user.verified === false) return '(not verified yet)';
  const policies = user.memberships.flatMap((membership) => {
    const org = demoSeed.organizations.find((item) => item.orgId === membership.orgId) as DemoOrganization | undefined;
    return org?.mfa ? [org.mfa] : [];
  });
  const email = policies.some((policy) => policy.email);
  const app = policies.some((policy) => policy.authenticatorApp);
  if (email && app) return '(second factor: choose email or authenticator)';
  if (app) return '(second factor: authenticator app)';
  if (email) return '(second factor: emailed code)';
  return '';
}

/** A folder as the newcomer would type it: relative to where they started the server when it is below it. */
const shown = (folder: string, cwd: string) => {
  const path = relative(cwd, folder);
  return path && !path.startsWith('..') ? `./${path}` : folder;
};

/**
 * The lines `npm start` prints: where to go, the database, where mail goes, and with the demo data every sign-in
 * (email and user name), the onboarding and preboarding employees, and how to start over after changing a password.
 */
export function startBanner(config: ServerConfig, engine: 'pglite' | 'postgres', cwd = process.cwd(), seeded: SeedResult | null = null): string[] {
  const dataDir = shown(config.dataDir, cwd);
  const lines = [
    '',
    `  Suite Portal is running: open ${config.publicUrl}`,
    `  Database: ${engine === 'pglite' ? `embedded PGlite in ${dataDir}` : 'PostgreSQL (DATABASE_URL)'}`,
    `  Mail: ${config.smtpUrl ? 'sent through SMTP_URL' : `written to ${dataDir}/outbox/ as .eml files (codes and links are in them)`}`,
  ];
  if (config.seedFile) {
    const count = seeded?.withoutPassword ?? 0;
    const who = count === 1 ? '1 user of the seed file has' : `${count} users of the seed file have`;
    if (count > 0) lines.push('', `  ${who} no password yet: ${CHOOSE_PASSWORD} (or use Forgot Password).`);
    return lines;
  }

  const users = demoSeed.users as DemoUser[];
  const names = users.map((user) => (user.userName ? `${user.email} or ${user.userName}` : user.email));
  const width = Math.max(...names.map((name) => name.length)) + 2;
  lines.push('', '  Demo sign-ins at /login (email or user name, then password):');
  users.forEach((user, index) => lines.push(`    ${names[index]!.padEnd(width)}${(user.password ?? '').padEnd(16)}${demoNote(user)}`.trimEnd()));

  const employees = (demoSeed.organizations as DemoOrganization[]).flatMap((org) =>
    (org.onboardingEmployees ?? []).map((employee) => ({ org: org.orgId, ...employee })),
  );
  if (employees.length > 0) {
    lines.push('', '  Onboarding and preboarding (email or employee code):');
    for (const employee of employees) {
      const path = `/${employee.org}${employee.preboarding ? '/preboarding' : ''}`;
      const who = employee.employeeCode ? `${employee.email} or ${employee.employeeCode}` : employee.email;
      lines.push(employee.password ? `    ${path}/login  ${who}  ${employee.password}` : `    ${path}/register  ${who}  (signs up first: chooses a password)`);
    }
  }
  lines.push(
    '',
    engine === 'pglite'
      ? `  Changed a demo password, or want the demo as new? Stop the server, run \`npm run demo:reset\` (deletes ${dataDir}), and start again.`
      : '  Changed a demo password? The demo seed only creates accounts; reset them in the PostgreSQL database, or start on an empty one.',
  );
  return lines;
}
