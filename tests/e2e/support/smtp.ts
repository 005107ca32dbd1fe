// Where the e2e SMTP server listens and where it keeps what it receives (shared by global setup and tests).
import path from "node:path";

export const SMTP_PORT = Number(process.env.E2E_SMTP_PORT ?? 2526);
export const SMTP_URL = `smtp://127.0.0.1:${SMTP_PORT}`;
export const MAIL_DIR = path.resolve(process.env.E2E_MAIL_DIR ?? "test-results/mail");
