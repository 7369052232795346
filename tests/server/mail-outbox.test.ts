import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import PostalMime from 'postal-mime';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { EMAILS } from './fixtures/seed';
import { lifecycleSeed } from './fixtures/lifecycle-seed';
import { describeEngines, startTestServer, type TestServer } from './harness';

describeEngines('mail without SMTP_URL', (engine) => {
  let app: TestServer;
  beforeAll(async () => {
    app = await startTestServer({ engine, seed: lifecycleSeed() });
  });
  afterAll(async () => {
    await app?.close();
  });

  it('writes each message under DATA_DIR/outbox as .eml with text and HTML parts, and logs one line saying where', async () => {
    await (await app.connect()).call('forgotPassword', { email: EMAILS.member });
    await app.server.drain();
    const outbox = join(app.server.services.config.dataDir, 'outbox');
    const files = (await readdir(outbox)).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const parsed = await PostalMime.parse(await readFile(join(outbox, files[0]!)));
    expect(parsed.to?.[0]?.address).toBe(EMAILS.member);
    expect(parsed.from?.name).toBe('Suite Portal');
    expect(parsed.subject).toBe('Reset your password - Suite Portal');
    const link = /http:\/\/\S+\/reset\/(\S+)/.exec(parsed.text ?? '');
    expect(link?.[0]).toContain(`${app.server.services.config.publicUrl}/reset/`);
    expect(parsed.html).toContain(link![0]);

    const lines = app.logs.filter((line) => line.includes('"mail.written"'));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toContain(join(outbox, files[0]!));
    // No log line carries the secret of the link.
    expect(app.logs.join('\n')).not.toContain(link![1]);
  });
});
