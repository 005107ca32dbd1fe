// Configuration: read from process.env once, validated with zod. Nothing else reads process.env.
import { z } from "zod";
import { parseTrustProxy } from "@/lib/http/client-address.mjs";

const optionalString = z
  .string()
  .trim()
  .transform((value) => (value === "" ? undefined : value))
  .optional();

const optionalUrl = (description: string) =>
  optionalString.pipe(z.url({ message: `${description} must be a URL` }).optional());

export const envSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** Public address of the app; links in e-mails are built from it. */
  APP_URL: z.url({ message: "APP_URL must be a URL" }).default("http://localhost:3000"),
  /** Key material for token signing and secret encryption. Required in production with PostgreSQL. */
  APP_SECRET: optionalString.pipe(
    z.string().min(32, { message: "APP_SECRET must be at least 32 characters" }).optional(),
  ),
  /** PostgreSQL connection string; when absent the embedded PGlite database is used. */
  DATABASE_URL: optionalString.pipe(
    z
      .string()
      .regex(/^postgres(ql)?:\/\//, { message: "DATABASE_URL must start with postgres:// or postgresql://" })
      .optional(),
  ),
  /** Folder of embedded data (PGlite database, local files, outbox). */
  DATA_DIR: z.string().trim().min(1).default(".data"),
  /** PGlite data directory; 'memory://' keeps the database in memory (tests). Defaults to DATA_DIR/pglite. */
  PGLITE_DIR: optionalString,
  SUPER_ADMIN_EMAIL: optionalString.pipe(z.email({ message: "SUPER_ADMIN_EMAIL must be an e-mail address" }).optional()),
  SUPER_ADMIN_PASSWORD: optionalString.pipe(
    z.string().min(8, { message: "SUPER_ADMIN_PASSWORD must be at least 8 characters" }).optional(),
  ),
  /** SMTP server for outgoing mail, e.g. smtp://user:pass@host:587; when absent mail goes to DATA_DIR/outbox. */
  SMTP_URL: optionalUrl("SMTP_URL"),
  MAIL_FROM: z.string().trim().min(3).default("InsightDeck <no-reply@localhost>"),
  LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
  /** Largest accepted JSON request body, in bytes. */
  MAX_JSON_BODY_BYTES: z.coerce.number().int().positive().default(1_048_576),
  /** Multiplies every abuse limit (sign-in, registration, reset, invitation attempts); e.g. 10 for load tests. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** Storage quota shown on the super admin's analytics panel, in bytes (default 10 GB). */
  STORAGE_QUOTA_BYTES: z.coerce.number().int().positive().default(10 * 1024 ** 3),
  /**
   * Which X-Forwarded-For entries the production server believes: a number of trusted proxy hops in front of the
   * app (0, the default: none, the socket's peer is the client), or the proxies' addresses and CIDR ranges.
   */
  TRUST_PROXY: z
    .string()
    .trim()
    .default("0")
    .superRefine((value, context) => {
      try {
        parseTrustProxy(value);
      } catch (error) {
        context.addIssue({ code: "custom", message: error instanceof Error ? error.message : String(error) });
      }
    }),
  /** Skip migration and seeding on server start (when a separate release step does it). */
  SKIP_MIGRATIONS: z
    .enum(["true", "false", "1", "0", ""])
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  /**
   * Lets the server fetch loopback addresses (127.0.0.0/8, ::1) for URL sources: only for tests that serve pages on
   * loopback; never in a deployment. Every other private or reserved address stays refused (lib/http/safe-fetch.ts).
   */
  FETCH_ALLOW_LOOPBACK: z
    .enum(["true", "false", "1", "0", ""], { message: "FETCH_ALLOW_LOOPBACK must be true or false" })
    .default("false")
    .transform((value) => value === "true" || value === "1"),
});

export type Env = z.infer<typeof envSchema>;

export class ConfigError extends Error {
  constructor(public readonly problems: string[]) {
    super(`Invalid configuration:\n${problems.map((problem) => `  - ${problem}`).join("\n")}`);
    this.name = "ConfigError";
  }
}

/** Parses a set of variables; throws ConfigError naming every bad variable. */
export function loadEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (!result.success) {
    throw new ConfigError(result.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`));
  }
  const env = result.data;
  if (env.NODE_ENV === "production" && env.DATABASE_URL && !env.APP_SECRET) {
    throw new ConfigError(["APP_SECRET: required in production when DATABASE_URL is set"]);
  }
  return env;
}

let cached: Env | undefined;

/** The process configuration, parsed on first use. */
export function env(): Env {
  cached ??= loadEnv(process.env);
  return cached;
}
