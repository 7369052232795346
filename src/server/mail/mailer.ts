import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import nodemailer from 'nodemailer';
import type { ServerConfig } from '../config';
import { describeError, type Logger } from '../log';

/** The product's name, in every message's sender, subject and body. */
export const PRODUCT_NAME = 'Suite Portal';

/** One message: both parts are always written, so every mail client shows something readable. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  /**
   * Sends in the background and never throws: a handler's reply must not depend on whether (or how fast) mail
   * went out, or the timing would tell a stranger which addresses have accounts. Failures are logged.
   */
  queue(message: MailMessage): void;
  /** Resolves when every queued message has been handed over (tests, shutdown). */
  flush(): Promise<void>;
  /** Where mail goes: the SMTP relay's host, or the outbox folder. */
  describe(): string;
}

/**
 * nodemailer over SMTP when SMTP_URL is set; otherwise each message is written as an .eml file under
 * DATA_DIR/outbox/ and one line is logged saying where, so every flow can be finished locally.
 */
export function createMailer(config: Pick<ServerConfig, 'smtpUrl' | 'dataDir' | 'publicUrl'>, log: Logger): Mailer {
  const from = { name: PRODUCT_NAME, address: `no-reply@${new URL(config.publicUrl).hostname.replace(/^localhost$/, 'localhost.localdomain')}` };
  const outbox = join(config.dataDir, 'outbox');
  const transport = config.smtpUrl
    ? nodemailer.createTransport(config.smtpUrl)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  const pending = new Set<Promise<void>>();

  const deliver = async (message: MailMessage) => {
    const info = await transport.sendMail({ from, ...message });
    if (config.smtpUrl) {
      log.info('mail.sent', { subject: message.subject, messageId: info.messageId });
      return;
    }
    await mkdir(outbox, { recursive: true });
    const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message);
    log.info('mail.written', { subject: message.subject, file });
  };

  return {
    queue(message) {
      const job = deliver(message)
        .catch((error: unknown) => log.error('mail.failed', { subject: message.subject, ...describeError(error) }))
        .finally(() => pending.delete(job));
      pending.add(job);
    },
    async flush() {
      await Promise.all([...pending]);
    },
    describe: () => (config.smtpUrl ? `SMTP ${new URL(config.smtpUrl).host}` : outbox),
  };
}
