// The page trailing-slash redirect (issue 7, W7): its target is built from APP_URL, never from what the request
// claims about the host or the scheme.
import { NextRequest } from "next/server";
import { beforeAll, describe, expect, it } from "vitest";
import { encodeSession, sessionCookieName } from "@/lib/auth/session-cookie";
import { proxy } from "@/proxy";

beforeAll(() => {
  process.env.APP_URL = "https://app.example.com";
});

describe("trailing-slash redirect", () => {
  it("goes to APP_URL's origin whatever Host and X-Forwarded-Proto say", async () => {
    const request = new NextRequest("http://evil.example/dashboard/?tab=users", {
      headers: { host: "evil.example", "x-forwarded-proto": "http", "x-forwarded-host": "evil.example" },
    });
    const response = await proxy(request);
    expect(response.status).toBe(308);
    expect(response.headers.get("location")).toBe("https://app.example.com/dashboard?tab=users");
  });

  it("keeps a path that looks like another host on APP_URL", async () => {
    const response = await proxy(new NextRequest("http://app.example.com//evil.example/", { headers: { host: "app.example.com" } }));
    expect(response.status).toBe(308);
    expect(new URL(response.headers.get("location") ?? "").origin).toBe("https://app.example.com");
  });

  it("leaves API paths and the root alone", async () => {
    expect((await proxy(new NextRequest("https://app.example.com/api/v1/users/"))).status).toBe(200);
    expect((await proxy(new NextRequest("https://app.example.com/"))).status).toBe(200);
  });
});

describe("the sign-in screen's redirect of signed-in visitors", () => {
  const withCookie = (pathname: string, value: string) =>
    new NextRequest(`https://app.example.com${pathname}`, { headers: { cookie: `${sessionCookieName()}=${value}` } });

  it("sends a visitor with a valid session cookie from / and /login to /dashboard on APP_URL", async () => {
    const cookie = await encodeSession({ userId: "u1", sessionId: "s1", persistent: false });
    for (const pathname of ["/", "/login"]) {
      const response = await proxy(withCookie(pathname, cookie));
      expect(response.status).toBe(307);
      expect(response.headers.get("location")).toBe("https://app.example.com/dashboard");
    }
    // Other pages are not redirected: they check the session themselves.
    expect((await proxy(withCookie("/profile", cookie))).status).toBe(200);
  });

  it("shows the sign-in screen for a forged or garbled cookie", async () => {
    expect((await proxy(withCookie("/login", "not-a-session"))).status).toBe(200);
    expect((await proxy(withCookie("/", "eyJhbGciOiJkaXIiLCJlbmMiOiJBMjU2R0NNIn0..forged.forged.forged"))).status).toBe(200);
  });
});
