import { describe, expect, it, vi } from "vitest";
import { createApiClient, HttpError } from "@/lib/http/client";

function answering(...responses: Response[]) {
  const fetch = vi.fn(async () => responses.shift() ?? new Response("", { status: 599 }));
  return { api: createApiClient({ fetch: fetch as unknown as typeof globalThis.fetch, currentPath: () => "/admin/users", redirect: vi.fn() }), fetch };
}

const json = (body: unknown, headers: Record<string, string> = {}, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json", ...headers } });

describe("api.list", () => {
  it("returns the items and the X-Total-Count total", async () => {
    const { api } = answering(json([{ id: "a" }, { id: "b" }], { "X-Total-Count": "57" }));
    await expect(api.list("/users?limit=2")).resolves.toEqual({ items: [{ id: "a" }, { id: "b" }], total: 57 });
  });

  it("falls back to the number of items when the header is missing", async () => {
    const { api } = answering(json([{ id: "a" }]));
    await expect(api.list("/tenants")).resolves.toEqual({ items: [{ id: "a" }], total: 1 });
  });

  it("retries once after a shared refresh and throws the transport text on failure", async () => {
    const { api, fetch } = answering(new Response("", { status: 401 }), new Response("", { status: 200 }), json({ detail: "nope" }, {}, 403));
    const failure = await api.list("/users").catch((error: unknown) => error);
    expect(failure).toBeInstanceOf(HttpError);
    expect((failure as HttpError).message).toBe('HTTP error! status: 403, message: {"detail":"nope"}');
    expect(fetch).toHaveBeenCalledTimes(3);
  });
});
