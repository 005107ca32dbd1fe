// Starts a real SMTP server in the Playwright runner for the whole run: the app (SMTP_URL) sends its e-mails
// here, and each message is stored as an .eml file in MAIL_DIR for the tests to read, as a person reads mail.
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { SMTPServer } from "smtp-server";
import { MAIL_DIR, SMTP_PORT } from "./support/smtp";

export default async function globalSetup() {
  rmSync(MAIL_DIR, { recursive: true, force: true });
  mkdirSync(MAIL_DIR, { recursive: true });
  let count = 0;

  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        count += 1;
        const recipients = session.envelope.rcptTo.map((rcpt) => rcpt.address).join(", ");
        // Sortable names keep arrival order; the envelope line records who it was delivered to.
        const name = `${String(Date.now()).padStart(15, "0")}-${String(count).padStart(4, "0")}.eml`;
        writeFileSync(path.join(MAIL_DIR, name), `X-Envelope-To: ${recipients}\r\n${Buffer.concat(chunks).toString("utf8")}`);
        callback();
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(SMTP_PORT, "127.0.0.1", () => resolve());
  });

  return async () => {
    await new Promise<void>((resolve) => server.close(() => resolve()));
  };
}
