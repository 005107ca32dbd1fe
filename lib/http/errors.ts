// Maps anything thrown in a route to a FastAPI-shaped JSON response.
import type { z } from "zod";
import { AppError, type ValidationIssue } from "@/lib/errors";

export type InputLocation = "body" | "query" | "path";

/** zod issues as FastAPI's 422 detail list: loc starts with where the input came from. */
export function zodIssuesToDetail(issues: readonly z.core.$ZodIssue[], location: InputLocation): ValidationIssue[] {
  return issues.map((issue) => ({
    loc: [location, ...issue.path.map((part) => (typeof part === "symbol" ? String(part) : part))],
    msg: issue.message,
    type: issue.code,
  }));
}

export interface ErrorBody {
  detail: string | ValidationIssue[];
}

export interface MappedError {
  status: number;
  body: ErrorBody;
  headers: Record<string, string>;
  /** True when the error is a bug or outage rather than a client mistake; such errors are logged. */
  unexpected: boolean;
}

/** What a request that lost its database connection is told: the database is restarting or out of reach. */
export const DATABASE_UNAVAILABLE = "The database is unavailable. Please try again in a moment.";

// postgres.js's codes for a connection that closed or could not be made, the system's for a refused connection, and
// PostgreSQL's SQLSTATEs for a server shutting down or starting (57P01-03) or a lost connection (class 08).
const CONNECTION_CODES = new Set([
  "CONNECTION_CLOSED",
  "CONNECTION_ENDED",
  "CONNECTION_DESTROYED",
  "CONNECT_TIMEOUT",
  "ECONNREFUSED",
  "57P01",
  "57P02",
  "57P03",
]);

/**
 * True when the error (or one of its causes: Drizzle wraps the driver's) is the database connection going away,
 * as while PostgreSQL restarts: the request did not complete and was not acknowledged (a transaction whose
 * connection closes before its commit is rolled back), so it is a 503 to try again, not a 500.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  let viaQuery = false;
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && (CONNECTION_CODES.has(code) || code.startsWith("08"))) return true;
    // A socket's own failure is the database's only under a failed query (a provider's fetch fails the same way):
    // Drizzle's wrapper of one, or the driver's own error of one (a transaction's begin or commit, which Drizzle does
    // not wrap, fails as the bare socket error).
    if ((viaQuery || isDriverQueryError(current)) && typeof code === "string" && QUERY_SOCKET_CODES.has(code)) return true;
    if (isFailedQuery(current)) viaQuery = true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** The database's socket reset or broken under a query, as when PostgreSQL restarts and drops its connections. */
const QUERY_SOCKET_CODES = new Set(["ECONNRESET", "EPIPE", "ETIMEDOUT"]);

/** postgres.js marks the error of a statement it sent with the statement's text (`query`, not enumerable). */
function isDriverQueryError(error: object): boolean {
  return "query" in error && typeof (error as { query?: unknown }).query === "string";
}

/** Drizzle's wrapper of a statement that failed ("Failed query: ..."), whose cause is the driver's error. */
function isFailedQuery(error: object): boolean {
  const message = (error as { message?: unknown }).message;
  return (error as { name?: unknown }).name === "DrizzleQueryError" || (typeof message === "string" && message.startsWith("Failed query:"));
}

export function mapError(error: unknown): MappedError {
  if (error instanceof AppError) {
    return { status: error.status, body: { detail: error.detail }, headers: error.headers, unexpected: error.status >= 500 };
  }
  if (isDatabaseUnavailable(error)) {
    return { status: 503, body: { detail: DATABASE_UNAVAILABLE }, headers: { "Retry-After": "1" }, unexpected: true };
  }
  return { status: 500, body: { detail: "Internal Server Error" }, headers: {}, unexpected: true };
}

export function errorResponse(error: unknown, requestId?: string): Response {
  const mapped = mapError(error);
  const headers = new Headers(mapped.headers);
  if (requestId) headers.set("X-Request-Id", requestId);
  return Response.json(mapped.body, { status: mapped.status, headers });
}
