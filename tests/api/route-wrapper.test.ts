// The route wrapper on a real database: validation, body limits, paging, request ids and error mapping.
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { route, paginated, created } from "@/lib/http/route";
import { pageQuery } from "@/lib/http/pagination";

const input = z.object({
  email: z.email({ message: "Please enter a valid email address" }),
  password: z.string().min(6, { message: "Password must be at least 6 characters" }),
});

const publicPost = route({ auth: "public", body: input }, ({ body }) => created({ email: body.email }));
const publicList = route({ auth: "public", query: pageQuery }, ({ query }) => {
  const all = Array.from({ length: 7 }, (_, index) => ({ n: index }));
  return paginated({ items: all.slice(query.offset, query.offset + query.limit), total: all.length });
});
const protectedGet = route({ permission: "project.view" }, () => ({ ok: true }));
const failing = route({ auth: "public" }, () => {
  throw new Error("boom with a secret inside");
});

const post = (body: string, headers: Record<string, string> = {}) =>
  new Request("http://localhost/api/v1/test", { method: "POST", body, headers });

describe("route wrapper", () => {
  it("answers 422 with the FastAPI detail list for an empty object", async () => {
    const response = await publicPost(post("{}"));
    expect(response.status).toBe(422);
    const body = (await response.json()) as { detail: { loc: string[]; msg: string; type: string }[] };
    expect(body.detail.map((issue) => issue.loc)).toEqual([
      ["body", "email"],
      ["body", "password"],
    ]);
    expect(body.detail[0]).toMatchObject({ type: "invalid_type" });
  });

  it("reports each invalid field with the schema's message", async () => {
    const response = await publicPost(post(JSON.stringify({ email: "nope", password: "123" })));
    expect(await response.json()).toEqual({
      detail: [
        { loc: ["body", "email"], msg: "Please enter a valid email address", type: "invalid_format" },
        { loc: ["body", "password"], msg: "Password must be at least 6 characters", type: "too_small" },
      ],
    });
  });

  it("answers 422 json_invalid for malformed JSON", async () => {
    const response = await publicPost(post("{not json"));
    expect(response.status).toBe(422);
    expect(await response.json()).toEqual({ detail: [{ loc: ["body"], msg: "JSON decode error", type: "json_invalid" }] });
  });

  it("refuses a body over the limit with 413, by header and by streamed size", async () => {
    const big = JSON.stringify({ email: "a@b.co", password: "x".repeat(2_000_000) });
    const declared = await publicPost(post(big, { "content-length": String(big.length) }));
    expect(declared.status).toBe(413);
    const streamed = await publicPost(post(big));
    expect(streamed.status).toBe(413);
    expect(await streamed.json()).toEqual({ detail: "Request body is larger than the limit of 1048576 bytes" });
  });

  it("passes valid input through and returns the handler's status", async () => {
    const response = await publicPost(post(JSON.stringify({ email: "a@b.co", password: "secret1" })));
    expect(response.status).toBe(201);
    expect(await response.json()).toEqual({ email: "a@b.co" });
  });

  it("pages lists with limit and offset and reports the total", async () => {
    const response = await publicList(new Request("http://localhost/api/v1/test?limit=3&offset=5"));
    expect(response.headers.get("X-Total-Count")).toBe("7");
    expect(await response.json()).toEqual([{ n: 5 }, { n: 6 }]);
    const tooMany = await publicList(new Request("http://localhost/api/v1/test?limit=501"));
    expect(tooMany.status).toBe(422);
    expect(await tooMany.json()).toEqual({
      detail: [{ loc: ["query", "limit"], msg: "limit must be at most 500", type: "too_big" }],
    });
  });

  it("answers 401 when a protected route is called without a session", async () => {
    const response = await protectedGet(new Request("http://localhost/api/v1/test"));
    expect(response.status).toBe(401);
    expect(response.headers.get("WWW-Authenticate")).toBe("Bearer");
    expect(await response.json()).toEqual({ detail: "Not authenticated" });
  });

  it("echoes a sane request id and makes one otherwise", async () => {
    const echoed = await protectedGet(new Request("http://localhost/x", { headers: { "x-request-id": "abcdef123456" } }));
    expect(echoed.headers.get("X-Request-Id")).toBe("abcdef123456");
    const made = await protectedGet(new Request("http://localhost/x", { headers: { "x-request-id": "<script>" } }));
    expect(made.headers.get("X-Request-Id")).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("hides unexpected errors behind a 500", async () => {
    const response = await failing(new Request("http://localhost/x"));
    expect(response.status).toBe(500);
    expect(await response.json()).toEqual({ detail: "Internal Server Error" });
  });
});
