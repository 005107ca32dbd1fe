import { afterEach, describe, expect, it, vi } from "vitest";
import { createApiClient, HttpError, staysOnSessionLoss, timeoutFor, TransportError } from "@/lib/http/client";

type Reply = { status: number; body?: unknown; contentType?: string } | Error | "hang";

/** A fetch double that answers from a script per path and records every call. */
function scriptedFetch(script: Record<string, Reply[]>) {
  const calls: { url: string; init: RequestInit }[] = [];
  const fetch = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = String(input);
    calls.push({ url, init });
    const path = url.replace(/^\/api\/v1/, "");
    const reply = script[path]?.shift();
    if (!reply) throw new Error(`unscripted call ${url}`);
    if (reply === "hang") {
      return new Promise<Response>((_, reject) => {
        init.signal?.addEventListener("abort", () => reject(new DOMException("aborted", "AbortError")));
      });
    }
    if (reply instanceof Error) throw reply;
    const text = reply.body === undefined ? "" : typeof reply.body === "string" ? reply.body : JSON.stringify(reply.body);
    return new Response(reply.status === 204 ? null : text, {
      status: reply.status,
      headers: { "content-type": reply.contentType ?? "application/json" },
    });
  });
  return { fetch: fetch as unknown as typeof globalThis.fetch, calls };
}

function client(script: Record<string, Reply[]>, path = "/dashboard") {
  const { fetch, calls } = scriptedFetch(script);
  const redirect = vi.fn();
  const api = createApiClient({ fetch, currentPath: () => path, redirect });
  return { api, calls, redirect };
}

afterEach(() => {
  vi.useRealTimers();
});

describe("requests and answers", () => {
  it("sends JSON to /api/v1 with the same-origin cookies and parses JSON answers", async () => {
    const { api, calls } = client({ "/auth/login": [{ status: 200, body: { ok: true } }] });
    await expect(api.post("/auth/login", { email: "a@b.co" })).resolves.toEqual({ ok: true });
    expect(calls[0]?.url).toBe("/api/v1/auth/login");
    expect(calls[0]?.init.method).toBe("POST");
    expect(calls[0]?.init.credentials).toBe("same-origin");
    expect(calls[0]?.init.body).toBe('{"email":"a@b.co"}');
    expect((calls[0]?.init.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
  });

  it("gives undefined for 204 and for non-JSON answers", async () => {
    const { api } = client({
      "/auth/logout": [{ status: 204 }],
      "/text": [{ status: 200, body: "plain", contentType: "text/plain" }],
    });
    await expect(api.post("/auth/logout")).resolves.toBeUndefined();
    await expect(api.get("/text")).resolves.toBeUndefined();
  });

  it("sends FormData as is, without a JSON content type", async () => {
    const { api, calls } = client({ "/files": [{ status: 201, body: { id: 1 } }] });
    const form = new FormData();
    form.set("file", "x");
    await api.post("/files", form);
    expect(calls[0]?.init.body).toBe(form);
    expect((calls[0]?.init.headers as Record<string, string>)["Content-Type"]).toBeUndefined();
  });

  it("turns a non-OK answer into the spec's HTTP error text", async () => {
    const { api } = client({ "/auth/register": [{ status: 409, body: { detail: "An account with this email already exists" } }] });
    const error = await api.post("/auth/register", {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(HttpError);
    expect((error as HttpError).status).toBe(409);
    expect((error as Error).message).toBe('HTTP error! status: 409, message: {"detail":"An account with this email already exists"}');
  });

  it("reports a network failure with the spec's text", async () => {
    const { api } = client({ "/auth/me": [new TypeError("Failed to fetch")] });
    await expect(api.get("/auth/me")).rejects.toThrow("Network error. Please check your internet connection.");
  });
});

describe("timeouts", () => {
  it("is 15 s, or 120 s for paths containing '/presentations/'", () => {
    expect(timeoutFor("/auth/me")).toBe(15_000);
    expect(timeoutFor("/presentations/abc/generate")).toBe(120_000);
  });

  it("aborts after 15 s with the spec's timeout text", async () => {
    vi.useFakeTimers();
    const { api } = client({ "/auth/me": ["hang"] });
    const result = api.get("/auth/me").catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(14_999);
    await vi.advanceTimersByTimeAsync(1);
    const error = await result;
    expect(error).toBeInstanceOf(TransportError);
    expect((error as Error).message).toBe("Request timeout. Please try again.");
  });

  it("waits 120 s on a presentations path", async () => {
    vi.useFakeTimers();
    const { api } = client({ "/presentations/p1/export": ["hang"] });
    let settled = false;
    const result = api.get("/presentations/p1/export").catch((e: unknown) => {
      settled = true;
      return e;
    });
    await vi.advanceTimersByTimeAsync(60_000);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(((await result) as Error).message).toBe("Request timeout. Please try again.");
  });
});

describe("401: one shared refresh, one retry, the redirect rule", () => {
  it("refreshes and retries the original request once", async () => {
    const { api, calls, redirect } = client({
      "/auth/me": [{ status: 401, body: { detail: "Not authenticated" } }, { status: 200, body: { user: { id: "u1" } } }],
      "/auth/refresh": [{ status: 200, body: {} }],
    });
    await expect(api.get("/auth/me")).resolves.toEqual({ user: { id: "u1" } });
    expect(calls.map((c) => c.url)).toEqual(["/api/v1/auth/me", "/api/v1/auth/refresh", "/api/v1/auth/me"]);
    expect(calls[1]?.init.method).toBe("POST");
    expect(redirect).not.toHaveBeenCalled();
  });

  it("lets concurrent 401s wait for the same refresh", async () => {
    let releaseRefresh: () => void = () => {};
    const gate = new Promise<void>((resolve) => (releaseRefresh = resolve));
    const calls: string[] = [];
    const answered = new Set<string>();
    const fetch = (async (input: RequestInfo | URL) => {
      const url = String(input);
      calls.push(url);
      if (url.endsWith("/auth/refresh")) {
        await gate;
        return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
      }
      if (!answered.has(url)) {
        answered.add(url);
        return new Response('{"detail":"Not authenticated"}', { status: 401, headers: { "content-type": "application/json" } });
      }
      return new Response(JSON.stringify({ url }), { status: 200, headers: { "content-type": "application/json" } });
    }) as typeof globalThis.fetch;
    const api = createApiClient({ fetch, currentPath: () => "/dashboard", redirect: vi.fn() });

    const all = Promise.all([api.get("/a"), api.get("/b"), api.get("/c")]);
    await vi.waitFor(() => expect(calls.filter((u) => u.endsWith("/auth/refresh"))).toHaveLength(1));
    releaseRefresh();
    await expect(all).resolves.toEqual([{ url: "/api/v1/a" }, { url: "/api/v1/b" }, { url: "/api/v1/c" }]);
    expect(calls.filter((u) => u.endsWith("/auth/refresh"))).toHaveLength(1);
  });

  it("retries only once: a second 401 is the caller's error", async () => {
    const { api, calls } = client({
      "/auth/me": [{ status: 401, body: {} }, { status: 401, body: { detail: "Not authenticated" } }],
      "/auth/refresh": [{ status: 200, body: {} }],
    });
    await expect(api.get("/auth/me")).rejects.toThrow("HTTP error! status: 401");
    expect(calls).toHaveLength(3);
  });

  it("goes to '/' when the refresh fails", async () => {
    const { api, redirect } = client(
      { "/auth/me": [{ status: 401, body: { detail: "Not authenticated" } }], "/auth/refresh": [{ status: 401, body: {} }] },
      "/profile",
    );
    await expect(api.get("/auth/me")).rejects.toBeInstanceOf(HttpError);
    expect(redirect).toHaveBeenCalledWith("/");
  });

  it("counts a refresh that cannot reach the server as failed", async () => {
    const { api, redirect } = client(
      { "/auth/me": [{ status: 401, body: {} }], "/auth/refresh": [new TypeError("Failed to fetch")] },
      "/dashboard",
    );
    await expect(api.get("/auth/me")).rejects.toBeInstanceOf(HttpError);
    expect(redirect).toHaveBeenCalledWith("/");
  });

  it.each(["/", "/accept-invitation", "/password-reset"])("stays on %s when the refresh fails", async (path) => {
    const { api, redirect } = client({ "/auth/me": [{ status: 401, body: {} }], "/auth/refresh": [{ status: 401 }] }, path);
    await expect(api.get("/auth/me")).rejects.toBeInstanceOf(HttpError);
    expect(redirect).not.toHaveBeenCalled();
  });

  it("never refreshes for the sign-in or the refresh call itself", async () => {
    const { api, calls, redirect } = client(
      {
        "/auth/login": [{ status: 401, body: { detail: "Incorrect email or password" } }],
        "/auth/refresh": [{ status: 401, body: {} }],
      },
      "/profile",
    );
    await expect(api.post("/auth/login", {})).rejects.toThrow('{"detail":"Incorrect email or password"}');
    await expect(api.post("/auth/refresh")).rejects.toBeInstanceOf(HttpError);
    expect(calls.map((c) => c.url)).toEqual(["/api/v1/auth/login", "/api/v1/auth/refresh"]);
    expect(redirect).not.toHaveBeenCalled();
  });

  it("knows which pages stay put", () => {
    expect(staysOnSessionLoss("/")).toBe(true);
    expect(staysOnSessionLoss("/accept-invitation")).toBe(true);
    expect(staysOnSessionLoss("/password-reset")).toBe(true);
    expect(staysOnSessionLoss("/dashboard")).toBe(false);
    expect(staysOnSessionLoss("/verify-email")).toBe(false);
  });
});
