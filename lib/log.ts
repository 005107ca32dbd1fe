// Structured logging (pino). Secrets are redacted wherever they might appear in a logged object, and errors are
// logged by an allowlist: database drivers put a failed statement's parameters (e-mails, password hashes) into
// their errors' messages and fields.
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

/** Fields of an error that describe it without carrying data: SQLSTATE, system call, where the error was raised. */
const SAFE_ERROR_FIELDS = [
  "code",
  "errno",
  "syscall",
  "address",
  "port",
  "status",
  "severity",
  "routine",
  "constraint",
  "constraint_name",
  "table",
  "table_name",
  "schema",
  "schema_name",
  "column",
  "column_name",
] as const;

const MAX_ERROR_DEPTH = 5;

/** SQL text with its string literals blanked: placeholders ($1) carry no values, literals might. */
function sqlWithoutValues(sql: string): string {
  return sql.replace(/'(?:[^']|'')*'/g, "'…'");
}

/**
 * An error message without data: drizzle's "Failed query: <sql>\nparams: <values>" loses the params, and
 * PostgreSQL's echo of a rejected input value ('invalid input syntax for type uuid: "…"') loses the value.
 */
export function redactErrorMessage(message: string): string {
  let text = message;
  const failedQuery = /^Failed query: ([\s\S]*?)(?:\nparams: [\s\S]*)?$/.exec(text);
  if (failedQuery) text = `Failed query: ${sqlWithoutValues(failedQuery[1] ?? "")}`;
  return text.replace(/: "[\s\S]*"$/, ': "[redacted]"').replace(/\bvalue "[\s\S]*?" is out of range/g, 'value "[redacted]" is out of range');
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null;
}

/**
 * pino's `err` serializer: type, message (redacted), stack frames, the safe fields above, and causes serialized
 * the same way. Everything else (params, parameters, detail, where, query options) stays out of the log.
 */
export function serializeError(value: unknown, depth = 0, loggedQuery?: string): unknown {
  if (!isRecord(value)) return value;
  const type = typeof value.constructor === "function" && value.constructor.name ? value.constructor.name : "Object";
  const name = typeof value.name === "string" ? value.name : undefined;
  const message = redactErrorMessage(typeof value.message === "string" ? value.message : "");
  const serialized: Record<string, unknown> = { type };
  if (name && name !== type && name !== "Error") serialized.name = name;
  serialized.message = message;
  for (const field of SAFE_ERROR_FIELDS) {
    const fieldValue = value[field];
    if (typeof fieldValue === "string" || typeof fieldValue === "number") serialized[field] = fieldValue;
  }
  // drizzle's message already holds the statement, and the driver's error beneath it holds it again.
  const query = typeof value.query === "string" ? sqlWithoutValues(value.query) : undefined;
  if (query && query !== loggedQuery && !message.includes(query)) serialized.query = query;
  if (typeof value.stack === "string") {
    // The stack starts with "<name>: <message>", which may span lines; keep only the frames after it.
    const frames = value.stack.split("\n").filter((line) => /^\s+at /.test(line));
    serialized.stack = [`${name ?? type}: ${message}`, ...frames].join("\n");
  }
  if (depth < MAX_ERROR_DEPTH) {
    const seenQuery = query ?? loggedQuery;
    if (value.cause !== undefined) serialized.cause = serializeError(value.cause, depth + 1, seenQuery);
    if (Array.isArray(value.errors)) serialized.errors = value.errors.map((inner: unknown) => serializeError(inner, depth + 1, seenQuery));
  }
  return serialized;
}

/** Message of a log line that names only an error: pino would copy the error's raw message into it. */
function errorOnlyMessage(first: unknown, second: unknown): string | undefined {
  if (typeof second === "string") return undefined;
  const error = first instanceof Error ? first : isRecord(first) && first.msg === undefined ? first.err : undefined;
  return isRecord(error) && typeof error.message === "string" ? redactErrorMessage(error.message) : undefined;
}

export interface LoggerOptions {
  level?: pino.LevelWithSilent;
  /** Where the JSON lines go; standard output when absent. */
  destination?: pino.DestinationStream;
}

/** A logger with the app's settings; the app uses the one below, tests make their own to read what it writes. */
export function createLogger(options: LoggerOptions = {}): pino.Logger {
  const level = options.level ?? (env().NODE_ENV === "test" && !process.env.LOG_LEVEL ? "silent" : env().LOG_LEVEL);
  const settings: pino.LoggerOptions = {
    level,
    base: { service: "narrated-presentations" },
    redact: { paths: redactedPaths, censor: "[redacted]" },
    serializers: { err: serializeError },
    hooks: {
      logMethod(args, method) {
        const [first, second] = args as unknown[];
        const message = errorOnlyMessage(first, second);
        if (message === undefined) return method.apply(this, args);
        return method.call(this, first instanceof Error ? { err: first } : (first as object), message);
      },
    },
    timestamp: pino.stdTimeFunctions.isoTime,
  };
  return options.destination ? pino(settings, options.destination) : pino(settings);
}

const globalForLog = globalThis as unknown as { appLogger?: pino.Logger };

export const logger: pino.Logger = globalForLog.appLogger ?? (globalForLog.appLogger = createLogger());
