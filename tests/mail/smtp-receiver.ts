import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';

/** One message as the receiver got it over SMTP, parsed. */
export interface ReceivedMail {
  to: string[];
  from: string;
  subject: string;
  text: string;
  html: string;
  receivedAt: number;
}

export interface SmtpReceiver {
  /** smtp://127.0.0.1:{port}, for SMTP_URL. */
  url: string;
  port: number;
  messages: ReceivedMail[];
  /** Waits for the first message to `to`, among those from index `since` of `messages` on (take `messages.length` before acting), that matches. */
  waitFor(to: string, options?: { since?: number; match?: (mail: ReceivedMail) => boolean; timeoutMs?: number }): Promise<ReceivedMail>;
  /** Lets the process end while the receiver still listens (the e2e runner's mailbox). */
  unref(): void;
  close(): Promise<void>;
}

/**
 * A real SMTP server for tests (smtp-server, no auth, plain connection on 127.0.0.1): everything the portal
 * mails arrives here and is parsed with postal-mime, exactly as a mail client would see it.
 */
export async function startSmtpReceiver(port = 0): Promise<SmtpReceiver> {
  const messages: ReceivedMail[] = [];
  const waiters = new Set<() => void>();
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        PostalMime.parse(Buffer.concat(chunks))
          .then((parsed) => {
            messages.push({
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              from: parsed.from?.address ?? '',
              subject: parsed.subject ?? '',
              text: parsed.text ?? '',
              html: parsed.html ?? '',
              receivedAt: Date.now(),
            });
            for (const wake of waiters) wake();
            callback();
          })
          .catch((error: Error) => callback(error));
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  const actualPort = (server.server.address() as AddressInfo).port;

  return {
    url: `smtp://127.0.0.1:${actualPort}`,
    port: actualPort,
    messages,
    waitFor(to, { since = 0, match = () => true, timeoutMs = 10_000 } = {}) {
      const find = () => messages.slice(since).find((mail) => mail.to.includes(to.toLowerCase()) && match(mail));
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = find();
          if (!mail) return;
          clearTimeout(timer);
          waiters.delete(check);
          resolve(mail);
        };
        const timer = setTimeout(() => {
          waiters.delete(check);
          reject(new Error(`no mail to ${to} within ${timeoutMs} ms (got: ${messages.map((mail) => `${mail.to.join(',')} "${mail.subject}"`).join('; ') || 'none'})`));
        }, timeoutMs);
        waiters.add(check);
        check();
      });
    },
    unref: () => {
      server.server.unref();
    },
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/** For waitFor's `match`: a mail carrying a six-digit code (not a notice sent beside it). */
export const withCode = (mail: ReceivedMail): boolean => /^\s{4}\d{6}$/m.test(mail.text);

/** The six-digit code in a mail's text. */
export function codeIn(mail: ReceivedMail): string {
  const match = /^\s{4}(\d{6})$/m.exec(mail.text);
  if (!match) throw new Error(`no code in mail "${mail.subject}":\n${mail.text}`);
  return match[1]!;
}

/** The first link in a mail's text that contains `part`. */
export function linkIn(mail: ReceivedMail, part: string): string {
  const match = new RegExp(`https?://\\S*${part.replace(/[/.]/g, '\\$&')}\\S*`).exec(mail.text);
  if (!match) throw new Error(`no link with ${part} in mail "${mail.subject}":\n${mail.text}`);
  return match[0];
}
