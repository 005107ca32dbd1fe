// Reads e-mails the app wrote: .eml files in an outbox folder (API tests) or received by a test SMTP server (e2e).
import { readdirSync, readFileSync, existsSync } from "node:fs";
import path from "node:path";

export interface ReceivedMail {
  file: string;
  to: string;
  subject: string;
  /** The decoded message source (quoted-printable soft breaks and escapes undone). */
  body: string;
}

/** Undoes quoted-printable encoding: soft line breaks and =XX escapes. */
export function decodeQuotedPrintable(source: string): string {
  return source.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
}

export function readMails(directory: string): ReceivedMail[] {
  if (!existsSync(directory)) return [];
  return readdirSync(directory)
    .filter((name) => name.endsWith(".eml"))
    .sort()
    .map((name) => {
      const file = path.join(directory, name);
      const raw = readFileSync(file, "utf8");
      const header = (field: string) => raw.match(new RegExp(`^${field}: (.*)$`, "mi"))?.[1]?.trim() ?? "";
      return { file, to: header("To"), subject: header("Subject"), body: decodeQuotedPrintable(raw) };
    });
}

/** The newest mail to an address, optionally with a subject containing `subject`. */
export function latestMail(directory: string, to: string, subject?: string): ReceivedMail | undefined {
  return readMails(directory)
    .filter((mail) => mail.to.toLowerCase().includes(to.toLowerCase()) && (!subject || mail.subject.includes(subject)))
    .at(-1);
}

/** The token of the first link to `pathname` in a mail. */
export function linkToken(mail: ReceivedMail, pathname: string): string {
  const match = mail.body.match(new RegExp(`${pathname.replace(/[/-]/g, "\\$&")}\\?token=([A-Za-z0-9_-]+)`));
  if (!match?.[1]) throw new Error(`no ${pathname} link in mail "${mail.subject}"`);
  return match[1];
}
