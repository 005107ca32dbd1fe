// Waiting for work the app finishes after answering (mail sent by a job worker), without fixed sleeps.
import { outbox } from "./api";
import { latestMail, linkToken, readMails, type ReceivedMail } from "./mail";

/** Polls until `check` returns a value (not undefined), or fails after `timeoutMs`. */
export async function eventually<T>(check: () => T | undefined | Promise<T | undefined>, what: string, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await check();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The newest mail to `to` with `subject` in its subject, once it has arrived. */
export function mailArrives(to: string, subject: string): Promise<ReceivedMail> {
  return eventually(() => latestMail(outbox(), to, subject), `a "${subject}" mail to ${to}`);
}

/** The token of the link to `pathname` in the newest such mail, once it has arrived. */
export async function mailedTokenArrives(to: string, subject: string, pathname: string): Promise<string> {
  return linkToken(await mailArrives(to, subject), pathname);
}

/** The mails to `to` with `subject` in their subject, once there are at least `count` of them. */
export function mailsArrive(to: string, subject: string, count: number): Promise<ReceivedMail[]> {
  return eventually(() => {
    const mails = readMails(outbox()).filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()) && mail.subject.includes(subject));
    return mails.length >= count ? mails : undefined;
  }, `${count} "${subject}" mails to ${to}`);
}

/** Runs `request`, waits for the next mail to `to` with `subject`, and returns the token of its link to `pathname`. */
export async function tokenOfNextMail(to: string, subject: string, pathname: string, request: () => Promise<unknown>): Promise<string> {
  const before = (await mailsArrive(to, subject, 0)).length;
  await request();
  const mails = await mailsArrive(to, subject, before + 1);
  const newest = mails.at(-1);
  if (!newest) throw new Error(`no "${subject}" mail to ${to}`);
  return linkToken(newest, pathname);
}

/** Waits until no job of the queue is waiting or running (pg-boss's own table), so its effects are all visible. */
export async function jobsSettle(queue: string): Promise<void> {
  const { database } = await import("@/db/client");
  const handle = await database();
  await eventually(async () => {
    const rows = await handle.query<{ open: number }>(
      "select count(*)::int as open from pgboss.job where name = $1 and state in ('created', 'retry', 'active')",
      [queue],
    );
    return rows[0]?.open === 0 ? true : undefined;
  }, `the ${queue} jobs to finish`);
}
