import { describe, expect, it } from 'vitest';
import { loadConfig } from './config';
import { startBanner } from './start-banner';

describe('the start-up banner', () => {
  const config = loadConfig({ DATA_DIR: './.data' }, '/srv/portal');

  it('names every demo sign-in with its user name, the onboarding employees, where mail goes and how to start over', () => {
    const text = startBanner(config, 'pglite', '/srv/portal').join('\n');
    expect(text).toContain('open http://localhost:3000');
    expect(text).toContain('admin@acme.test or ada.admin');
    expect(text).toContain('member@acme.test or max.member');
    expect(text).toMatch(/\/acme\/preboarding\/login {2}preboard@acme\.test or ACM-PRE-1 {2}Preboard@12345/);
    expect(text).toContain('/acme/register  onboard@acme.test or ACM-ONB-1  (signs up first');
    expect(text).toContain('Mail: written to ./.data/outbox/');
    expect(text).toContain('npm run demo:reset');
    expect(text).toMatch(/nopassword@acme\.test +\(no password yet: at \/verify-email enter the address, Resend OTP, and choose one with the mailed code\)/);
  });

  it('says how users a seed file gives no password get one', () => {
    const seeded = { organizations: 1, users: 3, createdUsers: 3, withoutPassword: 2 };
    const text = startBanner({ ...config, seedFile: '/srv/seed.json' }, 'postgres', '/srv/portal', seeded).join('\n');
    expect(text).toContain('2 users of the seed file have no password yet: at /verify-email enter the address, Resend OTP, and choose one with the mailed code (or use Forgot Password).');
    expect(startBanner({ ...config, seedFile: '/srv/seed.json' }, 'postgres', '/srv/portal', { ...seeded, withoutPassword: 0 }).join('\n')).not.toContain('no password');
  });

  it('says where mail goes with SMTP and leaves the demo out with a seed file', () => {
    const text = startBanner({ ...config, smtpUrl: 'smtp://mail.example.com', seedFile: '/srv/seed.json' }, 'postgres').join('\n');
    expect(text).toContain('Mail: sent through SMTP_URL');
    expect(text).not.toContain('admin@acme.test');
  });
});
