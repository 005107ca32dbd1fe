// Structured logging (pino). Secrets are redacted wherever they might appear in a logged object.
import pino from "pino";
import { env } from "./env";

const redactedPaths = [
  "password",
  "*.password",
  "*.*.password",
  "*.new_password",
  "*.current_password",
  "*.admin_password",
  "*.token",
  "*.access_token",
  "*.refresh_token",
  "*.apiKey",
  "*.subscriptionKey",
  "headers.authorization",
  "headers.cookie",
  "req.headers.authorization",
  "req.headers.cookie",
];

function createLogger() {
  return pino({
    level: env().NODE_ENV === "test" && !process.env.LOG_LEVEL ? "silent" : env().LOG_LEVEL,
    base: { service: "narrated-presentations" },
    redact: { paths: redactedPaths, censor: "[redacted]" },
    timestamp: pino.stdTimeFunctions.isoTime,
  });
}

const globalForLog = globalThis as unknown as { appLogger?: pino.Logger };

export const logger: pino.Logger = globalForLog.appLogger ?? (globalForLog.appLogger = createLogger());
