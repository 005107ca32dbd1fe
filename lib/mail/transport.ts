// Outgoing e-mail: SMTP when SMTP_URL is set; otherwise each message is written to DATA_DIR/outbox as an .eml
// file and its link logged, so a machine with no mail server still shows every message.
import { randomBytes } from "node:crypto";
import { mkdir, writeFile } from "node:fs/promises";
import path from "node:path";
import nodemailer, { type Transporter } from "nodemailer";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** The main link of the message, logged in outbox mode so a developer can follow it. */
  link?: string;
}

const globalForMail = globalThis as unknown as { mailTransport?: Transporter };

function transport(): Transporter {
  globalForMail.mailTransport ??= env().SMTP_URL
    ? nodemailer.createTransport(env().SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  return globalForMail.mailTransport;
}

let mailSequence = 0;

export function outboxDirectory(): string {
  return path.resolve(env().DATA_DIR, "outbox");
}

export async function sendMail(message: MailMessage): Promise<void> {
  const info = await transport().sendMail({
    from: env().MAIL_FROM,
    to: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
  });
  if (env().SMTP_URL) {
    logger.info({ to: message.to, subject: message.subject, messageId: info.messageId }, "mail sent");
    return;
  }
  const directory = outboxDirectory();
  await mkdir(directory, { recursive: true });
  const slug = message.subject.toLowerCase().replace(/[^a-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 40);
  // Sequence number keeps order within one millisecond; the random part keeps processes from colliding.
  mailSequence += 1;
  const unique = `${String(mailSequence).padStart(6, "0")}-${randomBytes(2).toString("hex")}`;
  const file = path.join(directory, `${new Date().toISOString().replace(/[:.]/g, "-")}-${unique}-${slug}.eml`);
  await writeFile(file, (info as unknown as { message: Buffer }).message);
  // Outbox mode is the embedded default for development: the link is shown so the flow can be followed.
  console.log(`[mail] ${message.subject} -> ${message.to} (${file})${message.link ? `\n[mail] link: ${message.link}` : ""}`);
}
