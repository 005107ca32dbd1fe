// A request whose database connection goes away (PostgreSQL restarting, shutting down, out of reach) is answered
// 503 with a detail to try again, not 500 (issue 20: PostgreSQL restarted under write load); other errors stay 500.
import { describe, expect, it } from "vitest";
import { DATABASE_UNAVAILABLE, mapError } from "@/lib/http/errors";

function withCode(message: string, code: string): Error {
  return Object.assign(new Error(message), { code });
}

describe("mapError for a lost database connection", () => {
  it.each([
    ["postgres.js: the connection closed", withCode("write CONNECTION_CLOSED 127.0.0.1:5432", "CONNECTION_CLOSED")],
    ["postgres.js: the connection could not be made", withCode("connect ECONNREFUSED 127.0.0.1:5432", "ECONNREFUSED")],
    ["PostgreSQL: terminating connection due to administrator command", withCode("terminating connection due to administrator command", "57P01")],
    ["PostgreSQL: the database system is starting up", withCode("the database system is starting up", "57P03")],
    ["PostgreSQL: connection failure", withCode("connection failure", "08006")],
    ["wrapped by Drizzle", Object.assign(new Error("Failed query: insert into projects"), { cause: withCode("write CONNECTION_CLOSED", "CONNECTION_CLOSED") })],
    ["a query's socket reset by the restarting server", Object.assign(new Error("Failed query: select users.id"), { cause: withCode("read ECONNRESET", "ECONNRESET") })],
    // What postgres.js gives when a transaction's `begin` meets a socket reset by the restarting server: Drizzle
    // sends begin and commit itself, unwrapped; the driver marks the error with the statement (not enumerable).
    ["a transaction's begin on a reset socket", Object.defineProperty(withCode("read ECONNRESET", "ECONNRESET"), "query", { value: "begin ", enumerable: false })],
    ["a query's socket broken", Object.assign(new Error("Failed query: insert into blogs"), { cause: withCode("write EPIPE", "EPIPE") })],
  ])("%s: 503 with Retry-After", (_name, error) => {
    expect(mapError(error)).toEqual({ status: 503, body: { detail: DATABASE_UNAVAILABLE }, headers: { "Retry-After": "1" }, unexpected: true });
  });

  it.each([
    ["a plain bug", new TypeError("Cannot read properties of undefined")],
    ["a unique violation", withCode("duplicate key value violates unique constraint", "23505")],
    ["a socket reset elsewhere", withCode("read ECONNRESET", "ECONNRESET")],
  ])("%s stays 500", (_name, error) => {
    expect(mapError(error).status).toBe(500);
  });
});
