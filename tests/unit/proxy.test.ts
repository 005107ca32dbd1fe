// The page trailing-slash redirect (issue 7, W7): its target is built from APP_URL, never from what the request
// claims about the host or the scheme.
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { proxy } from "@/proxy";

beforeAll(() => {
  process.env.APP_URL = "https://app.example.com";
});

describe("trailing-slash redirect", () => {
  it("goes to APP_URL's origin whatever Host and X-Forwarded-Proto say", () => {
    const request = new NextRequest("http://evil.example/dashboard/?tab=users", {
      headers: { host: "evil.example", "x-forwarded-proto": "http", "x-forwarded-host": "evil.example" },
    });
    const response = proxy(request);
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe("https://app.example.com/dashboard?tab=users");
  });

  it("keeps a path that looks like another host on APP_URL", () => {
    const response = proxy(new NextRequest("http://app.example.com//evil.example/", { headers: { host: "app.example.com" } }));
    expect(response.status).toBe(308);
    expect(new URL(response.headers.get("location") ?? "").origin).toBe("https://app.example.com");
  });

  it("leaves API paths and the root alone", () => {
    expect(proxy(new NextRequest("https://app.example.com/api/v1/users/")).status).toBe(200);
    expect(proxy(new NextRequest("https://app.example.com/")).status).toBe(200);
  });
});
