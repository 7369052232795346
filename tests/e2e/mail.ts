import { expect } from '@playwright/test';
import type { ReceivedMail } from '../mail/smtp-receiver';

export { codeIn, linkIn, withCode } from '../mail/smtp-receiver';

const mailUrl = () => `http://127.0.0.1:${process.env.E2E_MAIL_PORT}/messages`;

async function allMail(): Promise<ReceivedMail[]> {
  const response = await fetch(mailUrl());
  return (await response.json()) as ReceivedMail[];
}

/** How many messages the receiver holds now: take it before acting, pass it as `since`. */
export async function mailCount(): Promise<number> {
  return (await allMail()).length;
}

/** Waits for a message to `to` that arrived after `since` (a mailCount taken earlier). */
export async function waitForMail(to: string, since: number, match: (mail: ReceivedMail) => boolean = () => true): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      async () => {
        found = (await allMail()).slice(since).find((mail) => mail.to.includes(to.toLowerCase()) && match(mail));
        return found !== undefined;
      },
      { message: `a mail to ${to}`, timeout: 15_000, intervals: [200, 300, 500] },
    )
    .toBe(true);
  return found!;
}
