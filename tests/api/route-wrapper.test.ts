// The route wrapper on a real database: validation, body types and limits, paging, request ids, error mapping
// and the caching rule.
import { beforeAll, describe, expect, it, vi } from "vitest";
import { z } from "zod";
import * as login from "@/app/api/v1/auth/login/route";
import * as me from "@/app/api/v1/auth/me/route";
import * as refresh from "@/app/api/v1/auth/refresh/route";
import { route, paginated, created } from "@/lib/http/route";
import { pageQuery } from "@/lib/http/pagination";
import { logger } from "@/lib/log";
import { call } from "../support/api";
import { freshIp, SUPER_ADMIN_EMAIL, SUPER_ADMIN_PASSWORD, type SignedIn } from "../support/accounts";
import { superAdmin } from "../support/admin";

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
  new Request("http://localhost/api/v1/test", { method: "POST", body, headers: { "content-type": "application/json", ...headers } });

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

  it("answers 400 to a body whose sender went away mid-way, without logging it as the server's failure", async () => {
    const aborted = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"email": "a@b.co", "pass'));
        controller.error(Object.assign(new Error("aborted"), { code: "ECONNRESET" }));
      },
    });
    const errors = vi.spyOn(logger, "error");
    try {
      const response = await publicPost(
        new Request("http://localhost/api/v1/test", { method: "POST", body: aborted, headers: { "content-type": "application/json" }, duplex: "half" } as RequestInit),
      );
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ detail: "The request was cancelled before its body arrived." });
      expect(errors).not.toHaveBeenCalled();
    } finally {
      errors.mockRestore();
    }
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

describe("JSON bodies only", () => {
  let handled = 0;
  const counted = route({ auth: "public", body: input }, ({ body }) => {
    handled += 1;
    return created({ email: body.email });
  });
  const valid = JSON.stringify({ email: "a@b.co", password: "secret1" });
  const UNSUPPORTED = { detail: "Unsupported Media Type: send the request body as JSON (Content-Type: application/json)." };

  it.each(["text/plain", "text/plain;charset=UTF-8", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x", "application/jsonp"])(
    "refuses a %s body with 415 before the handler runs",
    async (type) => {
      const before = handled;
      const response = await counted(post(valid, { "content-type": type }));
      expect(response.status).toBe(415);
      expect(await response.json()).toEqual(UNSUPPORTED);
      expect(handled).toBe(before);
    },
  );

  it("refuses a body without a Content-Type", async () => {
    const response = await counted(new Request("http://localhost/api/v1/test", { method: "POST", body: new TextEncoder().encode(valid) }));
    expect(response.status).toBe(415);
  });

  it("checks the type before reading: an oversized text/plain body is 415, not 413", async () => {
    const big = "x".repeat(2_000_000);
    const response = await counted(post(big, { "content-type": "text/plain", "content-length": String(big.length) }));
    expect(response.status).toBe(415);
  });

  it.each(["application/json", "application/json; charset=utf-8", "Application/JSON;charset=UTF-8", "application/merge-patch+json"])(
    "accepts %s",
    async (type) => {
      const response = await counted(post(valid, { "content-type": type }));
      expect(response.status).toBe(201);
    },
  );

  it("treats a request without a body as an empty object whatever its type", async () => {
    const bare = await counted(new Request("http://localhost/api/v1/test", { method: "POST" }));
    expect(bare.status).toBe(422);
    const empty = await counted(post("", { "content-type": "text/plain", "content-length": "0" }));
    expect(empty.status).toBe(422);
  });
});

describe("caching", () => {
  let session: SignedIn;
  beforeAll(async () => {
    session = await superAdmin();
  });

  const anonymousCached = route({ auth: "public" }, () => Response.json({ ok: true }, { headers: { "Cache-Control": "public, max-age=60" } }));
  const signedInCached = route({}, () => Response.json({ ok: true }, { headers: { "Cache-Control": "public, max-age=60" } }));

  it("marks every answer to a signed-in caller no-store, by token and by cookie, overriding the handler", async () => {
    for (const credentials of [{ token: session.access_token }, { cookie: session.cookie }]) {
      const response = await call(me.GET, "GET", credentials);
      expect(response.status).toBe(200);
      expect(response.headers.get("cache-control")).toBe("no-store");
      expect((await call(signedInCached, "GET", credentials)).headers.get("cache-control")).toBe("no-store");
    }
  });

  it("marks sign-in and refresh answers no-store, errors included", async () => {
    const signedIn = await call(login.POST, "POST", { body: { email: SUPER_ADMIN_EMAIL, password: SUPER_ADMIN_PASSWORD }, ip: freshIp() });
    expect(signedIn.status).toBe(200);
    const wrong = await call(login.POST, "POST", { body: { email: SUPER_ADMIN_EMAIL, password: "wrong-password-1" }, ip: freshIp() });
    expect(wrong.status).toBe(401);
    const invalid = await call(login.POST, "POST", { body: {}, ip: freshIp() });
    expect(invalid.status).toBe(422);
    const renewed = await call(refresh.POST, "POST", { body: { refresh_token: session.refresh_token } });
    expect(renewed.status).toBe(200);
    const expired = await call(refresh.POST, "POST", { body: { refresh_token: "no-such-token" } });
    expect(expired.status).toBe(401);
    for (const response of [signedIn, wrong, invalid, renewed, expired]) expect(response.headers.get("cache-control")).toBe("no-store");
  });

  it("marks errors no-store and keeps an anonymous handler's own caching", async () => {
    expect((await call(me.GET, "GET")).headers.get("cache-control")).toBe("no-store");
    expect((await call(anonymousCached, "GET")).headers.get("cache-control")).toBe("public, max-age=60");
  });
});
