// The dashboard served from the production server's validated cache (lib/http/dashboard-page.ts): sent again while
// nothing it shows has changed, drawn afresh after a change, never sent for a session that has ended, and still a
// working page in the browser (its inline scripts allowed by hash instead of a nonce).
import { expect, test } from "@playwright/test";
import { bearerToken, createActiveTenantAdmin, unique } from "./support/accounts";
import { signInThroughScreen } from "./support/sign-in";

test("the dashboard comes from the server's cache while nothing changes, and never after a change or a sign-out", async ({ page, request, baseURL }) => {
  const admin = await createActiveTenantAdmin(request, "cache");
  const dashboard = await signInThroughScreen(page, admin, { waitForDashboard: true });
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && /Content Security Policy|hydrat/i.test(message.text())) problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));

  // Twice in a row: the same HTML, without a nonce (its scripts are allowed by their hashes), gzipped, never stored.
  const first = await page.request.get("/dashboard");
  const second = await page.request.get("/dashboard");
  expect(first.status()).toBe(200);
  const html = await first.text();
  expect(await second.text()).toBe(html);
  expect(html).toContain("data-dashboard-page");
  expect(html).not.toContain('nonce="');
  const headers = second.headers();
  expect(headers["content-security-policy"]).toMatch(/script-src [^;]*'sha256-/);
  expect(headers["content-security-policy"]).not.toContain("'nonce-");
  expect(headers["content-encoding"]).toBe("gzip");
  expect(headers["cache-control"]).toContain("no-store");

  // A change shows in the very next answer: a project created through the API.
  const token = await bearerToken(request, admin.email, admin.password);
  const project = await request.post("/api/v1/projects/", {
    headers: { Authorization: `Bearer ${token}` },
    data: { name: `Cached Talks ${unique("p").id}`, description: "A project made while the dashboard was cached." },
  });
  expect(project.status(), await project.text()).toBe(201);
  const changed = await page.request.get("/dashboard");
  expect(await changed.text()).not.toBe(html);

  // In the browser the page from the cache hydrates and works, with the new figure.
  await page.goto("/dashboard");
  await page.reload();
  await dashboard.expectLoaded();
  await dashboard.expectStat("Active Projects", "1");
  await page.getByRole("button", { name: "Invite User", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Invite New User" })).toBeVisible();
  await page.getByRole("button", { name: "Cancel" }).click();
  expect(problems).toEqual([]);

  // Signed out: the session's cookie gets the sign-in screen, not the page kept for it.
  const cookie = (await page.context().cookies()).map(({ name, value }) => `${name}=${value}`).join("; ");
  const signOut = await page.request.post("/api/v1/auth/logout", { headers: { Origin: new URL(baseURL!).origin } });
  expect(signOut.status(), await signOut.text()).toBeLessThan(300);
  const afterSignOut = await request.get("/dashboard", { headers: { Cookie: cookie } });
  expect(afterSignOut.status()).toBe(200);
  const signInScreen = await afterSignOut.text();
  expect(signInScreen).not.toContain("data-dashboard-page");
  expect(signInScreen).not.toContain(admin.fullName);
});
