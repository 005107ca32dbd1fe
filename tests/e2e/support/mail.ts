// Reading the e-mails the e2e SMTP server received, and following their links.
import { expect } from "@playwright/test";
import { readMails, type ReceivedMail } from "../../support/mail";
import { MAIL_DIR } from "./smtp";

/** Waits for the newest mail to `to` whose decoded text contains `contains`. */
export async function waitForMail(to: string, contains: string | RegExp): Promise<ReceivedMail> {
  let found: ReceivedMail | undefined;
  await expect
    .poll(
      () => {
        found = readMails(MAIL_DIR)
          .filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()))
          .filter((mail) => (typeof contains === "string" ? mail.body.includes(contains) : contains.test(mail.body)))
          .at(-1);
        return found !== undefined;
      },
      { message: `an e-mail to ${to} containing ${String(contains)}`, timeout: 15_000 },
    )
    .toBe(true);
  return found!;
}

/** The full address of the first link to `pathname` in a mail (as the person would click it). */
export function mailLink(mail: ReceivedMail, pathname: string): string {
  const match = mail.body.match(new RegExp(`https?://[^\\s"'<>]+${pathname.replace(/[/-]/g, "\\$&")}\\?token=[A-Za-z0-9_-]+`));
  if (!match) throw new Error(`no ${pathname} link in mail "${mail.subject}"`);
  return match[0];
}
