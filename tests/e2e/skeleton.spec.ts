import { expect, test } from "@playwright/test";

test("an unknown page shows the 404 page, whose link returns home", async ({ page }, testInfo) => {
  const response = await page.goto("/no/such/page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Oops! Page not found" })).toBeVisible();
  const screenshot = await page.screenshot({ path: testInfo.outputPath("not-found.png"), fullPage: true });
  await testInfo.attach("not-found", { body: screenshot, contentType: "image/png" });

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

  const unknown = await request.get("/api/v1/no-such-thing");
  expect(unknown.status()).toBe(404);
  expect(await unknown.json()).toEqual({ detail: "Not Found" });

  const health = await request.get("/api/v1/health/");
  expect(health.status()).toBe(200);
  expect(await health.json()).toEqual({ status: "ok", database: "ok" });
});
