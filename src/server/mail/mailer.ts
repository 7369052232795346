import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { and, count, eq, isNull, lt, or, sql } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { ServerConfig } from '../config';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema';
import type { Logger } from '../log';
import { outsideCall } from '../work';

/** The product's name, in every message's sender, subject and body. */
export const PRODUCT_NAME = 'Suite Portal';

/** One message: both parts are always written, so every mail client shows something readable. */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** How long a notice (a message that carries no code) is worth delivering. */
export const NOTICE_LIFETIME_SECONDS = 24 * 60 * 60;

export interface Mailer {
  /**
   * Writes a message to the outbox, in the caller's transaction when `db` is one: it goes out only if that commits,
   * together with the code it carries, and is retried until it is delivered or `validForSeconds` have passed (when
   * what it carries stops working). The reply of a call never waits for the relay.
   */
  enqueue(db: Db, message: MailMessage, validForSeconds: number): Promise<void>;
  /** Delivers everything due now, and waits for it (tests, shutdown). Messages the relay refuses stay for a retry. */
  flush(): Promise<void>;
  /** Messages waiting to be delivered (metrics). */
  depth(): Promise<number>;
  /** Starts delivering in the background. */
  start(): void;
  /** Stops delivering: waits for the message being sent, at most `timeoutMs`. */
  close(timeoutMs?: number): Promise<void>;
  /** Where mail goes: the SMTP relay's host, or the outbox folder. */
  describe(): string;
}

/** The background loop looks for due messages this often, and at once after each enqueue. */
const POLL_MS = 1_000;
/** Retries wait 1, 2, 4 … seconds, at most a minute. */
const backoffSeconds = (attempts: number) => Math.min(60, 2 ** Math.max(0, attempts - 1));
/** A claimed message is another instance's for this long; if that one died, it is taken again after it. */
const CLAIM_SECONDS = 30;
const BATCH = 10;

/**
 * Mail through a durable outbox in the database, delivered by nodemailer over SMTP when SMTP_URL is set; otherwise each
 * message is written as an .eml file under DATA_DIR/outbox/ and one line is logged saying where, so every flow can be
 * finished locally. Instances sharing a database share the outbox; each message is claimed by one of them.
 */
export function createMailer(config: Pick<ServerConfig, 'smtpUrl' | 'dataDir' | 'publicUrl'>, db: Db, log: Logger): Mailer {
  const from = { name: PRODUCT_NAME, address: `no-reply@${new URL(config.publicUrl).hostname.replace(/^localhost$/, 'localhost.localdomain')}` };
  const outbox = join(config.dataDir, 'outbox');
  // Short timeouts: a hung relay must not hold a shutdown or the queue for long; the message is retried.
  // nodemailer is loaded with the first message, not at start (the server listens sooner).
  let transport: Transporter | null = null;
  const transportOf = async (): Promise<Transporter> => {
    const { default: nodemailer } = await import('nodemailer');
    transport ??= config.smtpUrl
      ? nodemailer.createTransport({ url: config.smtpUrl, connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 })
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    return transport;
  };
  let timer: ReturnType<typeof setInterval> | null = null;
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const deliver = async (message: MailMessage, queuedAt?: Date) => {
    // Dated when it was queued, not when the relay took it: an inbox sorts a retried or batched message where it belongs.
    const info = await (await transportOf()).sendMail({ from, ...message, ...(queuedAt ? { date: queuedAt } : {}) });
    if (config.smtpUrl) {
      log.info('mail.sent', { subject: message.subject, messageId: info.messageId });
      return;
    }
    await mkdir(outbox, { recursive: true });
    const file = join(outbox, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(3).toString('hex')}.eml`);
    await writeFile(file, (info as unknown as { message: Buffer }).message);
    log.info('mail.written', { subject: message.subject, file });
  };

  /**
   * Claims a batch of due messages (SKIP LOCKED: another instance takes others) and tries each once, oldest first:
   * of two codes mailed to one person, the one queued last (the one that works) arrives last.
   */
  const deliverDue = async (): Promise<number> => {
    type Due = { id: string; recipient: string; subject: string; text_body: string; html_body: string; attempts: number; queued_ms: string | number };
    const due = await db.execute<Due>(sql`
      UPDATE ${mailOutbox} SET locked_until = now() + make_interval(secs => ${CLAIM_SECONDS}), attempts = attempts + 1
      WHERE id IN (
        SELECT id FROM ${mailOutbox}
        WHERE sent_at IS NULL AND not_before <= now() AND expires_at > now() AND (locked_until IS NULL OR locked_until < now())
        ORDER BY created_at LIMIT ${BATCH} FOR UPDATE SKIP LOCKED)
      RETURNING id, recipient, subject, text_body, html_body, attempts, (extract(epoch FROM created_at) * 1000)::float8 AS queued_ms`);
    // RETURNING gives the rows in the order the update met them, not the subquery's: sort them again.
    const rows = (due as unknown as { rows: Due[] }).rows
      .map((row) => ({ ...row, queuedAt: new Date(Number(row.queued_ms)) }))
      .sort((a, b) => a.queuedAt.getTime() - b.queuedAt.getTime());
    for (const row of rows) {
      try {
        await deliver({ to: row.recipient, subject: row.subject, text: row.text_body, html: row.html_body }, row.queuedAt);
        await db.update(mailOutbox).set({ sentAt: sql`now()`, lockedUntil: null }).where(eq(mailOutbox.id, row.id));
      } catch (error) {
        const retryIn = backoffSeconds(row.attempts);
        // The relay's message is logged, not the recipient or the body.
        log.warn('mail.failed', { subject: row.subject, attempt: row.attempts, retryInSeconds: retryIn, error: error instanceof Error ? error.message.slice(0, 200) : String(error) });
        await db
          .update(mailOutbox)
          .set({ lockedUntil: null, notBefore: sql`now() + make_interval(secs => ${retryIn})` })
          .where(eq(mailOutbox.id, row.id));
      }
    }
    return rows.length;
  };

  /** One pass at a time; a pass asked for meanwhile runs right after. */
  const pass = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = outsideCall(async () => {
      try {
        do {
          again = false;
          while (!closed && (await deliverDue()) === BATCH);
        } while (again && !closed);
        await db
          .delete(mailOutbox)
          .where(or(lt(mailOutbox.sentAt, sql`now() - interval '1 day'`), lt(mailOutbox.expiresAt, sql`now() - interval '1 day'`)));
      } catch (error) {
        log.warn('mail.outbox-unavailable', { error: error instanceof Error ? error.message.slice(0, 200) : String(error) });
      } finally {
        running = null;
      }
    });
    return running;
  };

  return {
    async enqueue(target, message, validForSeconds) {
      await target.insert(mailOutbox).values({
        recipient: message.to,
        subject: message.subject,
        textBody: message.text,
        htmlBody: message.html,
        // The moment of queueing, not of the transaction's start: messages go out in the order they were queued.
        createdAt: sql`clock_timestamp()`,
        expiresAt: sql`now() + make_interval(secs => ${validForSeconds})`,
      });
      // Delivered after the caller's transaction commits: a nudge now finds it once it is visible.
      setTimeout(() => void pass(), 20).unref();
    },
    async flush() {
      await pass();
      await pass();
    },
    async depth() {
      const [row] = await db
        .select({ waiting: count() })
        .from(mailOutbox)
        .where(and(isNull(mailOutbox.sentAt), sql`${mailOutbox.expiresAt} > now()`));
      return row?.waiting ?? 0;
    },
    start() {
      if (timer || closed) return;
      timer = setInterval(() => void pass(), POLL_MS);
      timer.unref();
      void pass();
    },
    async close(timeoutMs = 5_000) {
      closed = true;
      if (timer) clearInterval(timer);
      await Promise.race([running ?? Promise.resolve(), new Promise((resolve) => setTimeout(resolve, timeoutMs).unref())]);
      transport?.close();
    },
    describe: () => (config.smtpUrl ? `SMTP ${new URL(config.smtpUrl).host}` : outbox),
  };
}
