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

const optionalHttpUrl = (description: string) =>
  optionalString.pipe(z.url({ protocol: /^https?$/, message: `${description} must be an http or https URL` }).optional());

/** The shape the uploadthing SDK expects: base64 of JSON { apiKey: "sk_…", appId, regions: [..] }. */
function isUploadthingToken(token: string): boolean {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(token, "base64").toString("utf8"));
    if (typeof parsed !== "object" || parsed === null) return false;
    const { apiKey, appId, regions } = parsed as Record<string, unknown>;
    return (
      typeof apiKey === "string" &&
      apiKey.startsWith("sk_") &&
      typeof appId === "string" &&
      appId !== "" &&
      Array.isArray(regions) &&
      regions.length > 0 &&
      regions.every((region) => typeof region === "string")
    );
  } catch {
    return false;
  }
}

/** Variables the chosen storage driver cannot do without. */
function storageProblems(env: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (env.STORAGE_DRIVER === "s3" && !env.S3_BUCKET) problems.push("S3_BUCKET: required when STORAGE_DRIVER=s3");
  if (env.STORAGE_DRIVER === "uploadthing" && !env.UPLOADTHING_TOKEN) {
    problems.push("UPLOADTHING_TOKEN: required when STORAGE_DRIVER=uploadthing");
  }
  if (env.S3_ACCESS_KEY_ID && !env.S3_SECRET_ACCESS_KEY) problems.push("S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set");
  if (env.S3_SECRET_ACCESS_KEY && !env.S3_ACCESS_KEY_ID) problems.push("S3_ACCESS_KEY_ID: required when S3_SECRET_ACCESS_KEY is set");
  return problems;
}

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
  /** Memory, in MB, for the pages of lists kept per process while their data is unchanged (0: never kept). */
  LIST_CACHE_MB: z.coerce.number().min(0).default(16),
  /** Multiplies every abuse limit (sign-in, registration, reset, invitation attempts); e.g. 10 for load tests. */
  RATE_LIMIT_SCALE: z.coerce.number().positive().default(1),
  /** Largest accepted source document upload (main document and extra files), in bytes (default 50 MB). */
  /**
   * A generation, narration or slide render that has not moved for this long is taken as left behind by a stopped
   * process and queued again (each job still has a bounded number of attempts). Lower only where processes restart
   * fast and every step reports progress well within it.
   */
  STALE_JOB_SECONDS: z.coerce.number().int().min(2).default(300),
  /**
   * How long a narration whose voice failed (outage, rate limit) waits before its next try, in seconds; the wait
   * doubles on the second retry (default 10: about half a minute before a deck is given up with the reason).
   */
  NARRATION_RETRY_DELAY_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
  /**
   * How often an idle job worker (reset mails, extraction, generation, slide rendering, narration, the analytics
   * rollup) looks for work it was not woken for, in seconds (at least 0.5); unset, each queue keeps its own (1 s, 2 s
   * for the mails and the rollup). A job sent by this process wakes its worker at once either way: the poll serves
   * jobs sent by other processes and the second and later of jobs waiting together. Tests lower it.
   */
  JOB_POLL_SECONDS: z.coerce.number().min(0.5).max(60).optional(),
  /** Share analytics: how many days the player's raw events are kept; the daily figures made from them stay. */
  ANALYTICS_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(90),
  MAX_UPLOAD_BYTES: z.coerce.number().int().positive().default(50 * 1024 ** 2),
  /** Storage quota shown on the super admin's analytics panel, in bytes (default 10 GB). */
  STORAGE_QUOTA_BYTES: z.coerce.number().int().positive().default(10 * 1024 ** 3),
  /** Where stored files live: local disk under DATA_DIR/files (default), an S3-compatible bucket, or uploadthing. */
  STORAGE_DRIVER: z
    .enum(["local", "s3", "uploadthing"], { message: "STORAGE_DRIVER must be local, s3 or uploadthing" })
    .default("local"),
  /** S3 driver: bucket, region, optional endpoint of any S3-compatible server, keys (else the SDK's default chain). */
  S3_BUCKET: optionalString.pipe(
    z
      .string()
      .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, {
        message: "S3_BUCKET must be a bucket name of 3 to 63 lowercase letters, digits, dots and hyphens",
      })
      .optional(),
  ),
  S3_REGION: optionalString.transform((value) => value ?? "us-east-1"),
  S3_ENDPOINT: optionalHttpUrl("S3_ENDPOINT"),
  S3_ACCESS_KEY_ID: optionalString,
  S3_SECRET_ACCESS_KEY: optionalString,
  /** Bucket in the path rather than the host name (MinIO, s3rver and most self-hosted servers need it). */
  S3_FORCE_PATH_STYLE: z
    .enum(["true", "false", "1", "0", ""], { message: "S3_FORCE_PATH_STYLE must be true or false" })
    .default("false")
    .transform((value) => value === "true" || value === "1"),
  /** uploadthing driver: the token from the UploadThing dashboard; the other four only point the SDK elsewhere. */
  UPLOADTHING_TOKEN: optionalString.pipe(
    z
      .string()
      .refine(isUploadthingToken, {
        message: "UPLOADTHING_TOKEN must be the token from the UploadThing dashboard (base64 of { apiKey, appId, regions })",
      })
      .optional(),
  ),
  UPLOADTHING_API_URL: optionalHttpUrl("UPLOADTHING_API_URL"),
  UPLOADTHING_INGEST_URL: optionalHttpUrl("UPLOADTHING_INGEST_URL"),
  UPLOADTHING_UFS_HOST: optionalString,
  UPLOADTHING_UFS_APP_ID_LOCATION: optionalString.pipe(
    z.enum(["subdomain", "path"], { message: "UPLOADTHING_UFS_APP_ID_LOCATION must be subdomain or path" }).optional(),
  ),
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
  /**
   * Slide generation and viewer answers through OpenAI or any OpenAI-compatible server (Ollama, vLLM, LM Studio):
   * used when OPENAI_API_KEY or OPENAI_BASE_URL is set; otherwise the offline extractive generator and answers run.
   * Platform-wide: the plugin catalogue has no per-tenant entry for it.
   */
  OPENAI_API_KEY: optionalString,
  /** Base URL of an OpenAI-compatible server, e.g. http://127.0.0.1:11434/v1 for Ollama (default: OpenAI's API). */
  OPENAI_BASE_URL: optionalHttpUrl("OPENAI_BASE_URL"),
  /** Chat model for slide generation and answers; it must support structured output (json_schema). */
  OPENAI_MODEL: z.string().trim().min(1).default("gpt-4o-mini"),
  /** Time limit of one slide-generation request to the AI provider, in milliseconds. */
  AI_TIMEOUT_MS: z.coerce.number().int().positive().default(120_000),
  /** Time limit for an answer to start streaming, and for each pause between streamed pieces, in milliseconds. */
  AI_ANSWER_TIMEOUT_MS: z.coerce.number().int().positive().default(20_000),
  /** Retries of a failed AI request (429, 5xx, timeout, lost connection), with exponential backoff. */
  AI_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /**
   * Speech providers (lib/speech). Each key is a platform-wide fallback: a tenant whose plugin is enabled but has no
   * key of its own uses it. OPENAI_API_KEY also serves OpenAI Whisper and OpenAI TTS.
   */
  AZURE_SPEECH_KEY: optionalString,
  /** Azure region of AZURE_SPEECH_KEY (e.g. westeurope); a tenant's own key uses the tenant's region. */
  AZURE_SPEECH_REGION: optionalString.pipe(
    z.string().regex(/^[a-z0-9]+$/, { message: "AZURE_SPEECH_REGION must be an Azure region name such as eastus" }).optional(),
  ),
  ELEVENLABS_API_KEY: optionalString,
  ELEVENLABS_MODEL: z.string().trim().min(1).default("eleven_multilingual_v2"),
  /** API key for Google Cloud Text-to-Speech and Speech-to-Text. */
  GOOGLE_CLOUD_API_KEY: optionalString,
  /** OpenAI-compatible server for speech (audio/speech, audio/transcriptions) when it is not OPENAI_BASE_URL. */
  OPENAI_SPEECH_BASE_URL: optionalHttpUrl("OPENAI_SPEECH_BASE_URL"),
  OPENAI_TTS_MODEL: z.string().trim().min(1).default("gpt-4o-mini-tts"),
  OPENAI_TTS_VOICE: z.string().trim().min(1).default("alloy"),
  /** Other addresses for the speech APIs (sovereign clouds, proxies, test stand-ins); the public APIs by default. */
  AZURE_TTS_ENDPOINT: optionalHttpUrl("AZURE_TTS_ENDPOINT"),
  GOOGLE_TTS_ENDPOINT: optionalHttpUrl("GOOGLE_TTS_ENDPOINT"),
  GOOGLE_SPEECH_ENDPOINT: optionalHttpUrl("GOOGLE_SPEECH_ENDPOINT"),
  GTTS_ENDPOINT: optionalHttpUrl("GTTS_ENDPOINT"),
  /** Time limit of one request to a speech provider, in milliseconds. */
  SPEECH_TIMEOUT_MS: z.coerce.number().int().positive().default(30_000),
  /** Retries of a speech request that met 429, a 5xx or a lost connection, with exponential backoff. */
  SPEECH_MAX_RETRIES: z.coerce.number().int().min(0).max(5).default(2),
  /** Offline speech recognition: Debian's ffmpeg and pocketsphinx_continuous (names on PATH or absolute paths). */
  FFMPEG_PATH: z.string().trim().min(1).default("ffmpeg"),
  POCKETSPHINX_PATH: z.string().trim().min(1).default("pocketsphinx_continuous"),
  /** Time limit of one offline transcription (decoding and recognition), in milliseconds. */
  POCKETSPHINX_TIMEOUT_MS: z.coerce.number().int().positive().default(60_000),
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
  const storage = storageProblems(env);
  if (storage.length > 0) throw new ConfigError(storage);
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
