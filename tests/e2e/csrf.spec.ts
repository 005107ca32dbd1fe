// Same-site CSRF in a real browser (issue 7, V2): while a tenant admin's session is open, a page served from
// another port of the same host (same site, another origin: the SameSite=Lax cookie goes along) auto-submits a
// text/plain form with a JSON-looking field name and sends credentialed fetches at the API. Nothing may change.
import { once } from "node:events";
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { expect, test, type APIRequestContext } from "@playwright/test";
import { AuthScreen } from "./pages/auth-screen";
import { DashboardPage } from "./pages/dashboard-page";
import { bearerToken, unique } from "./support/accounts";
import { createTenant, createUser, type CreatedUser } from "./support/admin";

const REFUSED = "Cross-site request refused";

interface AttackTargets {
  app: string;
  selfId: string;
  memberId: string;
  marker: string;
}

/**
 * The attacker's page: a probe showing the session cookie goes along, credentialed fetches (POST, PUT, DELETE),
 * then an auto-submitted text/plain form.
 */
function attackPage({ app, selfId, memberId, marker }: AttackTargets): string {
  const victim = (label: string) => ({
    email: `${marker}-${label}@csrf.test`,
    full_name: "Mallory Admin",
    password: "mallory-password-1",
    role: "tenant_admin",
  });
  // enctype=text/plain sends "name=value": this name and value make the body {"email":..., "x":"="}.
  const fieldName = `${JSON.stringify(victim("form")).slice(0, -1)},"x":"`;
  const script = `
    const app = ${JSON.stringify(app)};
    const send = (path, init) => fetch(app + path, { credentials: "include", ...init }).then((r) => r.status, (e) => String(e));
    (async () => {
      await send("/api/v1/auth/me", { mode: "no-cors" });
      await send("/api/v1/users", { method: "POST", headers: { "Content-Type": "text/plain" }, body: ${JSON.stringify(JSON.stringify(victim("fetch")))} });
      await send("/api/v1/users", { method: "POST", mode: "no-cors", body: ${JSON.stringify(JSON.stringify(victim("no-cors")))} });
      await send("/api/v1/users/${selfId}", { method: "PUT", headers: { "Content-Type": "text/plain" }, body: ${JSON.stringify(JSON.stringify({ full_name: "Pwned", email: `${marker}-self@csrf.test` }))} });
      await send("/api/v1/users/${selfId}", { method: "PUT", headers: { "Content-Type": "application/json" }, body: ${JSON.stringify(JSON.stringify({ full_name: "Pwned" }))} });
      await send("/api/v1/users/${memberId}", { method: "DELETE" });
      document.getElementById("attack").submit();
    })();`;
  return `<!doctype html><html><head><title>Win a prize</title></head><body>
<form id="attack" method="POST" enctype="text/plain" action="${app}/api/v1/users">
<input type="hidden" name='${fieldName}' value='"}'>
</form>
<script>${script}</script>
</body></html>`;
}

async function adminApi(request: APIRequestContext, admin: CreatedUser) {
  const headers = { Authorization: `Bearer ${await bearerToken(request, admin.email, admin.password)}` };
  return {
    async usersMatching(search: string): Promise<{ email: string; full_name: string }[]> {
      const response = await request.get(`/api/v1/users?search=${encodeURIComponent(search)}`, { headers });
      expect(response.status(), await response.text()).toBe(200);
      return (await response.json()) as { email: string; full_name: string }[];
    },
    async user(id: string): Promise<{ status: number; body: { email?: string; full_name?: string } }> {
      const response = await request.get(`/api/v1/users/${id}`, { headers });
      return { status: response.status(), body: (await response.json()) as { email?: string; full_name?: string } };
    },
  };
}

let attacker: Server;
let attackerOrigin = "";
let page = "";

test.beforeAll(async () => {
  attacker = createServer((_request, response) => {
    response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    response.end(page);
  });
  attacker.listen(0, "127.0.0.1");
  await once(attacker, "listening");
  attackerOrigin = `http://127.0.0.1:${(attacker.address() as AddressInfo).port}`;
});

test.afterAll(async () => {
  attacker.close();
});

test("a page on another port of the same host cannot act with the admin's session", async ({ page: browser, request, baseURL }) => {
  const { id } = unique("csrf");
  const marker = `mallory-${id}`;
  const tenantId = await createTenant(request, `Csrf Org ${id}`, unique("csrf-invited").email);
  const admin = await createUser(request, { email: unique("csrf-admin").email, fullName: "Tina Admin", password: `Admin-${id}!`, role: "tenant_admin", tenantId });
  const member = await createUser(request, { email: unique("csrf-member").email, fullName: "Mia Member", password: `Member-${id}!`, role: "user", tenantId });
  const api = await adminApi(request, admin);
  const app = new URL(baseURL ?? "").origin;
  expect(new URL(attackerOrigin).hostname).toBe(new URL(app).hostname);
  expect(attackerOrigin).not.toBe(app);

  await test.step("the tenant admin signs in through the UI", async () => {
    const auth = new AuthScreen(browser);
    await auth.goto("/");
    await auth.signIn(admin.email, admin.password);
    await new DashboardPage(browser).expectLoaded();
  });

  await test.step("the attacker's page fires its requests and submits its form, with the session cookie", async () => {
    page = attackPage({ app, selfId: admin.id, memberId: member.id, marker });
    // A GET is safe and allowed from anywhere: its 200 shows the browser sends the session cookie to the app
    // from the attacker's page (same site), so only the app's own check stands between the attack and the data.
    const probe = browser.waitForResponse(`${app}/api/v1/auth/me`);
    const form = browser.waitForRequest((request) => request.isNavigationRequest() && request.method() === "POST");
    await browser.goto(`${attackerOrigin}/prize`);
    expect((await probe).status()).toBe(200);
    const submitted = await form;
    expect(submitted.url()).toBe(`${app}/api/v1/users`);
    expect((await submitted.allHeaders()).cookie ?? "").toContain("next-auth.session-token=");
    await browser.waitForURL(`${app}/api/v1/users`);
    expect((await submitted.response())?.status()).toBe(403);
    await expect(browser.locator("body")).toContainText(REFUSED);
  });

  await test.step("nothing changed: no user was created, the admin and the member are as they were", async () => {
    expect(await api.usersMatching(marker)).toEqual([]);
    const self = await api.user(admin.id);
    expect(self.status).toBe(200);
    expect(self.body).toMatchObject({ email: admin.email, full_name: "Tina Admin" });
    expect((await api.user(member.id)).status).toBe(200);
  });

  await test.step("the session itself works from the app's own pages", async () => {
    await browser.goto("/dashboard");
    const status = await browser.evaluate(
      async (body) =>
        (await fetch("/api/v1/users", { method: "POST", headers: { "Content-Type": "application/json" }, body })).status,
      JSON.stringify({ email: `ally-${id}@csrf.test`, full_name: "Ally Friend", password: "ally-password-12345", role: "user" }),
    );
    expect(status).toBe(201);
    expect(await api.usersMatching(`ally-${id}`)).toHaveLength(1);
  });
});
