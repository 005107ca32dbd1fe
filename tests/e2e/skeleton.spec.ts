import { expect, test } from "@playwright/test";
import { expectAccessible } from "./support/axe";

test("an unknown page shows the 404 page, whose link returns home", async ({ page }, testInfo) => {
  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error" && !message.text().includes("404")) errors.push(message.text());
  });
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  await expectAccessible(page, "404 page");
  const screenshot = await page.screenshot({ path: testInfo.outputPath("not-found.png"), fullPage: true });
  await testInfo.attach("not-found", { body: screenshot, contentType: "image/png" });

  // The prerendered 404 page's scripts are allowed by hash: no CSP violation.
  expect(errors).toEqual([]);

  await page.getByRole("link", { name: "Return to Home" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
});

test("the root page streams 'Loading your portal...' first, then the sign-in screen", async ({ page, request }, testInfo) => {
  const html = await (await request.get("/")).text();
  expect(html).toContain("Loading your portal...");

  const errors: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  page.on("pageerror", (error) => errors.push(error.message));
  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Sign in" })).toBeVisible();
  await expect(page.getByText("Loading your portal...")).toBeHidden();
  const screenshot = await page.screenshot({ path: testInfo.outputPath("root.png"), fullPage: true });
  await testInfo.attach("root", { body: screenshot, contentType: "image/png" });
  // Scripts run under the nonce-based CSP: no violations, no hydration errors.
  expect(errors).toEqual([]);
});

test("pages carry the security headers; the API answers unknown paths with JSON", async ({ request }) => {
  const page = await request.get("/");
  const csp = page.headers()["content-security-policy"] ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  expect(csp).toContain("object-src 'none'");
  expect(page.headers()["x-frame-options"]).toBe("DENY");
  expect(page.headers()["x-content-type-options"]).toBe("nosniff");
  // The sign-in screen is prerendered: its inline scripts are allowed by hash, with no nonce and no 'unsafe-inline'.
  const scripts = csp.split("; ").find((directive) => directive.startsWith("script-src")) ?? "";
  expect(scripts).toMatch(/^script-src 'self'( 'sha256-[A-Za-z0-9+/=]+')+$/);
  // A page rendered per request carries a fresh nonce.
  const dashboard = (await request.get("/dashboard")).headers()["content-security-policy"] ?? "";
  expect(dashboard).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);

  const unknown = await request.get("/api/v1/no-such-thing");
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ detail: "Not Found" });

  const health = await request.get("/api/v1/health/");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok", database: "ok" });
});
