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

export function mapError(error: unknown): MappedError {
  if (error instanceof AppError) {
    return { status: error.status, body: { detail: error.detail }, headers: error.headers, unexpected: error.status >= 500 };
  }
  return { status: 500, body: { detail: "Internal Server Error" }, headers: {}, unexpected: true };
}

export function errorResponse(error: unknown, requestId?: string): Response {
  const mapped = mapError(error);
  const headers = new Headers(mapped.headers);
  if (requestId) headers.set("X-Request-Id", requestId);
  return Response.json(mapped.body, { status: mapped.status, headers });
}
