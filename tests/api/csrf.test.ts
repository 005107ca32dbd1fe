// Cross-site request forgery (issue 7, V2) through the real route handlers: a request that rides on the session
// cookie acts only when the browser says it came from the app's own pages, JSON routes take only JSON bodies,
// bearer-token clients are unaffected, and a refused request changes nothing.
import { beforeAll, describe, expect, it } from "vitest";
import * as login from "@/app/api/v1/auth/login/route";
import * as logout from "@/app/api/v1/auth/logout/route";
import * as me from "@/app/api/v1/auth/me/route";
import * as refresh from "@/app/api/v1/auth/refresh/route";
import * as register from "@/app/api/v1/auth/register/route";
import * as userRoute from "@/app/api/v1/users/[id]/route";
import * as usersRoute from "@/app/api/v1/users/route";
import { call, json, type CallOptions } from "../support/api";
import { freshIp, registration, signIn, type Organisation, type SignedIn } from "../support/accounts";
import { createUser, listOf, organisation, tenantSnapshot, type ListedUser } from "../support/admin";

const CROSS_SITE = { detail: "Cross-site request refused: this request must come from the application's own pages." };

let org: Organisation;
let member: ListedUser & { password: string };
let sequence = 0;

beforeAll(async () => {
  org = await organisation("Csrf");
  member = await createUser(org.admin.access_token, { email: "member@csrf.test", full_name: "Mia Member" });
});

/** A tenant admin the attacker would like to exist. */
function attackerAdmin() {
  sequence += 1;
  return { email: `mallory${sequence}@csrf.test`, full_name: "Mallory Admin", password: "mallory-password-1", role: "tenant_admin" };
}

async function usersCalledMallory(): Promise<number> {
  const { total } = await listOf<ListedUser>(usersRoute.GET, { token: org.admin.access_token, query: { search: "mallory" } });
  return total;
}

/** Runs a request and asserts it answered `status` with `body` and left the tenant's rows as they were. */
async function expectRefusedWithoutChange(request: () => Promise<Response>, status: number, body?: unknown) {
  const before = await tenantSnapshot(org.tenantId);
  const response = await request();
  expect(response.status, await response.clone().text()).toBe(status);
  if (body) expect(await response.json()).toEqual(body);
  expect(await tenantSnapshot(org.tenantId)).toEqual(before);
}

// The signals a browser sends with a request from a page that is not one of the app's own.
const foreignSignals: { name: string; headers: Record<string, string> }[] = [
  { name: "a sibling port or subdomain (same-site)", headers: { "sec-fetch-site": "same-site", origin: "http://app.test:8080" } },
  { name: "another site", headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" } },
  { name: "no page at all (Sec-Fetch-Site: none)", headers: { "sec-fetch-site": "none" } },
  { name: "a foreign Origin from a browser without Fetch Metadata", headers: { "sec-fetch-site": "", origin: "http://app.test:8080" } },
  { name: "an opaque Origin (sandboxed frame, data: page)", headers: { "sec-fetch-site": "", origin: "null" } },
  { name: "neither Sec-Fetch-Site nor Origin (an old browser)", headers: { "sec-fetch-site": "" } },
];

describe("unsafe requests signed in by the session cookie", () => {
  it.each(foreignSignals)("refuses POST /users from $name with 403 and creates no one", async ({ headers }) => {
    await expectRefusedWithoutChange(
      () => call(usersRoute.POST, "POST", { cookie: org.admin.cookie, body: attackerAdmin(), headers }),
      403,
      CROSS_SITE,
    );
    expect(await usersCalledMallory()).toBe(0);
  });

  it("refuses PUT /users/{self} and DELETE /users/{id} from a sibling origin, changing nothing", async () => {
    const sameSite = { "sec-fetch-site": "same-site", origin: "http://app.test:8080" };
    await expectRefusedWithoutChange(
      () =>
        call(userRoute.PUT, "PUT", {
          cookie: org.admin.cookie,
          params: { id: org.admin.user.id },
          body: { email: "mallory@evil.example", password: "mallory-password-1" },
          headers: sameSite,
        }),
      403,
      CROSS_SITE,
    );
    await expectRefusedWithoutChange(
      () => call(userRoute.DELETE, "DELETE", { cookie: org.admin.cookie, params: { id: member.id }, headers: sameSite }),
      403,
      CROSS_SITE,
    );
    expect((await call(me.GET, "GET", { token: org.admin.access_token })).status).toBe(200);
  });

  it("refuses a text/plain form post with a JSON-looking field name (415) even from the app's own origin", async () => {
    // <form enctype="text/plain"> with a field named '{"email":"...","x":"' and value '"}' sends this body.
    const formBody = `${JSON.stringify(attackerAdmin()).slice(0, -1)},"x":"=ignored"}`;
    await expectRefusedWithoutChange(
      () => call(usersRoute.POST, "POST", { cookie: org.admin.cookie, rawBody: formBody, headers: { "content-type": "text/plain" } }),
      415,
    );
    expect(await usersCalledMallory()).toBe(0);
  });

  it("accepts the app's own pages: Sec-Fetch-Site same-origin, or (without it) an Origin equal to APP_URL's", async () => {
    const byFetchMetadata = await call(usersRoute.POST, "POST", { cookie: org.admin.cookie, body: attackerAdmin() });
    expect(byFetchMetadata.status, await byFetchMetadata.clone().text()).toBe(201);
    const byOrigin = await call(usersRoute.POST, "POST", {
      cookie: org.admin.cookie,
      body: attackerAdmin(),
      headers: { "sec-fetch-site": "", origin: "http://app.test" },
    });
    expect(byOrigin.status, await byOrigin.clone().text()).toBe(201);
    expect(await usersCalledMallory()).toBe(2);
    for (const user of (await listOf<ListedUser>(usersRoute.GET, { token: org.admin.access_token, query: { search: "mallory" } })).items) {
      expect((await call(userRoute.DELETE, "DELETE", { token: org.admin.access_token, params: { id: user.id } })).status).toBe(204);
    }
  });

  it("lets safe methods through whatever their origin (they change nothing)", async () => {
    const response = await call(me.GET, "GET", { cookie: org.admin.cookie, headers: { "sec-fetch-site": "cross-site" } });
    expect(response.status).toBe(200);
  });
});

describe("bearer-token clients", () => {
  it("are unaffected: no Origin, no Fetch Metadata, any signal", async () => {
    const plain = await call(usersRoute.POST, "POST", { token: org.admin.access_token, body: attackerAdmin() });
    expect(plain.status, await plain.clone().text()).toBe(201);
    const foreign = await call(userRoute.DELETE, "DELETE", {
      token: org.admin.access_token,
      params: { id: (await json<ListedUser>(plain)).id },
      headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" },
    });
    expect(foreign.status).toBe(204);
  });
});

describe("the public routes that start, renew and end the session", () => {
  const credentials = () => ({ email: org.email, password: org.password, remember_me: false });

  it("refuse a login CSRF: a text/plain form post (415) and a cross-site fetch (403)", async () => {
    const form = await call(login.POST, "POST", {
      rawBody: JSON.stringify(credentials()),
      headers: { "content-type": "text/plain", "sec-fetch-site": "same-site", origin: "http://app.test:8080" },
      ip: freshIp(),
    });
    expect([403, 415]).toContain(form.status);
    expect(form.headers.get("set-cookie")).toBeNull();
    const typed = await call(login.POST, "POST", { rawBody: JSON.stringify(credentials()), headers: { "content-type": "text/plain" }, ip: freshIp() });
    expect(typed.status).toBe(415);
    expect(typed.headers.get("set-cookie")).toBeNull();
    const crossSite = await call(login.POST, "POST", { body: credentials(), headers: { "sec-fetch-site": "cross-site", origin: "https://evil.example" }, ip: freshIp() });
    expect(crossSite.status).toBe(403);
    expect(await crossSite.json()).toEqual(CROSS_SITE);
    expect(crossSite.headers.get("set-cookie")).toBeNull();
  });

  it("refuse a cookie refresh or sign-out from another origin, and the session lives on", async () => {
    const session: SignedIn = await signIn(org.email, org.password);
    const sameSite = { "sec-fetch-site": "same-site", origin: "http://app.test:8080" };
    const renewed = await call(refresh.POST, "POST", { cookie: session.cookie, headers: sameSite });
    expect(renewed.status).toBe(403);
    for (const headers of [sameSite, { "sec-fetch-site": "" }]) {
      const ended = await call(logout.POST, "POST", { cookie: session.cookie, headers });
      expect(ended.status).toBe(403);
      expect(ended.headers.get("set-cookie")).toBeNull();
    }
    expect((await call(me.GET, "GET", { cookie: session.cookie })).status).toBe(200);
    expect((await call(logout.POST, "POST", { cookie: session.cookie })).status).toBe(204);
    expect((await call(me.GET, "GET", { cookie: session.cookie })).status).toBe(401);
  });

  it("ignore a leftover session cookie where the session plays no part (an API client registering)", async () => {
    const response = await call(register.POST, "POST", {
      cookie: org.admin.cookie,
      body: registration("Leftover"),
      headers: { "sec-fetch-site": "" },
      ip: freshIp(),
    });
    expect(response.status, await response.clone().text()).toBe(201);
  });
});

describe("call() defaults used by the other API tests", () => {
  it("sends Sec-Fetch-Site same-origin with a cookie unless told otherwise", async () => {
    const seen: Headers[] = [];
    const capture = async (request: Request) => {
      seen.push(request.headers);
      return new Response(null, { status: 204 });
    };
    const options: CallOptions = { cookie: "a=b" };
    await call(capture, "POST", options);
    await call(capture, "POST", { ...options, headers: { "sec-fetch-site": "cross-site" } });
    await call(capture, "POST", {});
    expect(seen.map((headers) => headers.get("sec-fetch-site"))).toEqual(["same-origin", "cross-site", null]);
  });
});
