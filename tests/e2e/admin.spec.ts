// Administration end to end (issue #4): tenant management by the super admin; user management, per-user
// permissions and the CSV export by a tenant admin; plugin settings with masked secrets. Screenshots of each
// screen on a wide and a phone-sized viewport.
import { readFile } from "node:fs/promises";
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { AuthScreen } from "./pages/auth-screen";
import { PluginsPage } from "./pages/plugins-page";
import { TenantManagementPage } from "./pages/tenant-management-page";
import { UserManagementPage } from "./pages/user-management-page";
import { expectToast } from "./pages/toasts";
import { SUPER_ADMIN, unique } from "./support/accounts";
import { createTenant, createUser } from "./support/admin";
import { expectAccessible } from "./support/axe";

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function snap(page: Page, testInfo: TestInfo, name: string, { fullPage = true } = {}) {
  // Earlier toasts would cover the top of a phone screenshot; close them (also behind a modal dialog).
  await page.evaluate(() => document.querySelectorAll<HTMLButtonElement>('ol li[data-state="open"] button[aria-label="Close"]').forEach((button) => button.click()));
  await expect(page.locator("ol li[data-state]")).toHaveCount(0);
  await expectAccessible(page, `screen ${name}`);
  const body = await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage });
  await testInfo.attach(name, { body, contentType: "image/png" });
}

/**
 * Nothing in the page area is wider than it (tables scroll inside their frame or turn into cards on phones).
 * Measured on <main>, the part these screens own; the message names the elements that stick out.
 */
async function expectNoHorizontalOverflow(page: Page) {
  const report = await page.evaluate(() => {
    const main = document.querySelector("main");
    if (!main) return { overflow: 0, offenders: [] as string[] };
    const right = main.getBoundingClientRect().right;
    const offenders = Array.from(main.querySelectorAll<HTMLElement>("*"))
      .filter((element) => element.getBoundingClientRect().right > right + 0.5 && element.offsetParent !== null)
      .slice(0, 5)
      .map((element) => `${element.tagName.toLowerCase()} "${element.textContent?.slice(0, 40)}" ends at ${Math.round(element.getBoundingClientRect().right)} > ${right}`);
    return { overflow: main.scrollWidth - main.clientWidth, offenders };
  });
  expect(report.overflow, report.offenders.join("\n")).toBeLessThanOrEqual(0);
}

/** Resizes and waits for the shell's transitions (the sidebar padding animates) to finish. */
async function resize(page: Page, size: { width: number; height: number }) {
  await page.setViewportSize(size);
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
}

async function signInAt(page: Page, path: string, email: string, password: string) {
  const auth = new AuthScreen(page);
  await auth.goto(path);
  await auth.signIn(email, password);
}

test("the super admin creates a tenant inactive, edits it and approves it", async ({ page }, testInfo) => {
  const { id, email } = unique("tenant-admin");
  const name = `Globex ${id}`;
  const renamed = `Globex ${id} Ltd`;
  const tenants = new TenantManagementPage(page);
  await resize(page, WIDE);
  await signInAt(page, "/admin/tenants", SUPER_ADMIN.email, SUPER_ADMIN.password);
  await tenants.expectLoaded();

  await test.step("create: the domain follows the name; the tenant starts pending", async () => {
    const dialog = await tenants.create({ name, adminFullName: "Gina Globex", adminEmail: email, active: false });
    await expect(dialog.getByLabel("Domain")).toHaveValue(`globex-${id.toLowerCase()}`);
    await dialog.getByRole("button", { name: "Create Tenant" }).click();
    await expectToast(page, "Tenant Created");
    await expect(dialog).toBeHidden();
    await tenants.search(id);
    await expect(tenants.row(name)).toContainText("Pending Approval");
    await expect(tenants.row(name)).toContainText("0");
  });

  await test.step("edit: the name changes, the domain is read-only", async () => {
    const dialog = await tenants.edit(name, renamed);
    await expect(dialog.getByLabel("Domain")).toBeDisabled();
    await expect(dialog.getByLabel("Domain")).toHaveValue(`globex-${id.toLowerCase()}`);
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await expectToast(page, "Tenant Updated");
    await expect(tenants.row(renamed)).toContainText("Pending Approval");
  });

  await test.step("approve: the label turns to Active and the button goes", async () => {
    await tenants.approve(renamed);
    await expect(tenants.row(renamed)).toContainText("Active");
    await expect(tenants.row(renamed)).not.toContainText("Pending Approval");
    await expect(tenants.row(renamed).getByRole("button", { name: /^Approve/ })).toHaveCount(0);
  });

  await test.step("the platform tenant cannot be deleted", async () => {
    await tenants.search("");
    const platform = page.getByTestId("tenant-row").filter({ hasText: "Platform" }).first();
    await expect(platform).toBeVisible();
    await expect(platform.getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  });

  await snap(page, testInfo, "tenant-management-wide");

  await page.goto("/admin/roles");
  await expect(page.getByRole("heading", { name: "Roles & Permissions", level: 1 })).toBeVisible();
  for (const role of ["user", "tenant_admin", "super_admin"]) await expect(page.getByTestId(`role-card-${role}`)).toBeVisible();
  await expect(page.getByRole("list", { name: "Super Admin permissions" })).toContainText("tenant.create");
  await snap(page, testInfo, "roles-wide");

  // The super admin sees every tenant's users and Super Admins, and creates no users here (spec section 2).
  await page.goto("/admin/users");
  await expect(page.getByRole("heading", { name: "User Management", level: 1 })).toBeVisible();
  await expect(page.getByRole("button", { name: "Create User" })).toHaveCount(0);
  await page.getByRole("combobox", { name: "Filter by role" }).selectOption("super_admin");
  await expect(page.getByTestId("user-row").filter({ hasText: SUPER_ADMIN.email })).toBeVisible();
  await expect(page.getByTestId("user-row").filter({ hasText: SUPER_ADMIN.email }).getByRole("button", { name: /^Delete/ })).toHaveCount(0);
  await snap(page, testInfo, "user-management-super-admin-wide");
  await page.goto("/admin/tenants");
  await tenants.search(id);
  await resize(page, PHONE);
  await expect(tenants.row(renamed)).toBeVisible();
  await expectNoHorizontalOverflow(page);
  await snap(page, testInfo, "tenant-management-phone");
});

test("a tenant admin filters users, grants and revokes a permission, and exports the CSV", async ({ page, request }, testInfo) => {
  test.setTimeout(120_000);
  const { id } = unique("org");
  const invited = unique("invitee").email;
  const tenantId = await createTenant(request, `Initech ${id}`, invited);
  const admin = await createUser(request, { email: unique("ta").email, fullName: "Tess Admin", password: `Admin-${id}!`, role: "tenant_admin", tenantId });
  const ada = await createUser(request, { email: unique("ada").email, fullName: 'Lovelace, Ada "The Countess"', password: `User-${id}!1`, role: "user", tenantId });
  await createUser(request, { email: unique("grace").email, fullName: "Grace Hopper", password: `User-${id}!2`, role: "user", tenantId, isActive: false });

  const users = new UserManagementPage(page);
  await resize(page, WIDE);
  await signInAt(page, "/admin/users", admin.email, admin.password);
  await users.expectLoaded();

  await test.step("the list holds the tenant's users and the pending invitation", async () => {
    await expect(users.rows).toHaveCount(4);
    await expect(users.row(invited)).toContainText("Invited");
    await expect(users.row(invited).getByRole("button", { name: `Resend invitation to ${invited}` })).toBeVisible();
    await expect(users.row(invited).getByRole("button", { name: /^Edit|^Permissions/ })).toHaveCount(0);
    // Nobody deletes themselves.
    await expect(users.row("Tess Admin").getByRole("button", { name: /^Delete/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Create User" })).toBeVisible();
  });

  await test.step("search, role and status filters change the rows", async () => {
    await users.search("lovelace");
    await expect(users.rows).toHaveCount(1);
    await expect(users.rows.first()).toContainText('Lovelace, Ada "The Countess"');
    await users.search("");
    await users.filterRole("tenant_admin");
    await expect(users.rows).toHaveCount(2);
    await expect(users.row("Tess Admin")).toBeVisible();
    await expect(users.row(invited)).toBeVisible();
    await users.filterRole("all");
    await users.filterStatus("inactive");
    await expect(users.rows).toHaveCount(1);
    await expect(users.rows.first()).toContainText("Grace Hopper");
    await users.filterStatus("active");
    await expect(users.rows).toHaveCount(2);
    await users.filterStatus("all");
    await expect(users.rows).toHaveCount(4);
  });

  await test.step("grant and revoke a permission; the breakdown follows", async () => {
    const dialog = await users.openPermissions(ada.fullName);
    await expect(dialog.stateOf("user.view")).toHaveText("Not Assigned");
    await expect(dialog.stateOf("project.view")).toHaveText("Role Default");
    const effective = Number(await dialog.count("effective").textContent());
    await expect(dialog.count("granted")).toHaveText("0");

    // (Toasts sit outside the modal dialog, which hides the rest of the page from the accessibility tree.)
    await dialog.act("Grant", "user.view");
    await expect(dialog.stateOf("user.view")).toHaveText("User Grant");
    await expect(dialog.count("granted")).toHaveText("1");
    await expect(dialog.count("effective")).toHaveText(String(effective + 1));

    await dialog.act("Revoke", "project.view");
    await expect(dialog.stateOf("project.view")).toHaveText("User Revoke");
    await expect(dialog.count("revoked")).toHaveText("1");
    await expect(dialog.count("effective")).toHaveText(String(effective));

    await snap(page, testInfo, "user-management-permissions-wide", { fullPage: false });

    await dialog.act("Reset", "project.view");
    await expect(dialog.stateOf("project.view")).toHaveText("Role Default");
    await expect(dialog.count("revoked")).toHaveText("0");

    await page.getByRole("tab", { name: /User Overrides/ }).click();
    const overrides = dialog.root.getByRole("list", { name: "User overrides" });
    await expect(overrides).toContainText("user.view");
    await expect(overrides).toContainText("Resource: All");
    await dialog.close();
  });

  await test.step("export every user as CSV", async () => {
    const download = await users.exportCsv();
    expect(download.suggestedFilename()).toMatch(/^users-export-\d{4}-\d{2}-\d{2}\.csv$/);
    await expectToast(page, "Export Successful", "Successfully exported 4 users to CSV file.");
    const csv = await readFile(await download.path(), "utf8");
    const lines = csv.split("\r\n");
    expect(lines[0]).toBe("Full Name,Email,Role,Status,Tenant ID,Created Date,Updated Date,User ID");
    const adaLine = lines.find((line) => line.includes(ada.email));
    expect(adaLine).toBeDefined();
    expect(adaLine!.startsWith(`"Lovelace, Ada ""The Countess""",${ada.email},User,Active,${tenantId},`)).toBe(true);
    expect(adaLine!.endsWith(`,${ada.id}`)).toBe(true);
    expect(lines.find((line) => line.includes(admin.email))).toContain(",Tenant Admin,Active,");
    expect(lines.find((line) => line.includes(invited))).toMatch(/^N\/A,.*,Tenant Admin,Invited,/);
    expect(lines.find((line) => line.includes("Grace Hopper"))).toContain(",User,Inactive,");
  });

  await test.step("an empty result exports nothing", async () => {
    await users.search("nobody-matches-this");
    await expect(page.getByText("No users found")).toBeVisible();
    await page.getByRole("button", { name: "Export CSV" }).click();
    await expectToast(page, "No Users to Export", "There are no users available to export.");
    await users.search("");
    await expect(users.rows).toHaveCount(4);
  });

  await test.step("edit a user: a blank password is kept, the role cannot change, the account is activated", async () => {
    await users.row("Grace Hopper").getByRole("button", { name: "Edit Grace Hopper" }).click();
    const dialog = page.getByRole("dialog", { name: "Edit User" });
    await expect(dialog.getByLabel("Password (leave blank to keep)")).toHaveValue("");
    await expect(dialog.getByRole("combobox", { name: "Role" })).toBeDisabled();
    const request = page.waitForRequest((candidate) => candidate.method() === "PUT" && candidate.url().includes("/api/v1/users/"));
    await dialog.getByRole("checkbox", { name: "Active" }).click();
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    const body = (await request).postDataJSON() as Record<string, unknown>;
    expect(body).toMatchObject({ full_name: "Grace Hopper", is_active: true });
    expect(body).not.toHaveProperty("password");
    expect(body).not.toHaveProperty("role");
    await expectToast(page, "User Updated");
    await expect(users.row("Grace Hopper")).toContainText("Active");
  });

  await test.step("phone layout", async () => {
    await resize(page, PHONE);
    await expect(users.rows).toHaveCount(4);
    await expectNoHorizontalOverflow(page);
    await snap(page, testInfo, "user-management-phone");
    await users.openPermissions(ada.fullName);
    await snap(page, testInfo, "user-management-permissions-phone", { fullPage: false });
  });
});

test("plugins: a switch changes the status and a secret is kept masked", async ({ page, request }, testInfo) => {
  const { id } = unique("plug");
  const tenantId = await createTenant(request, `Plugco ${id}`, unique("plug-invitee").email);
  const admin = await createUser(request, { email: unique("plug-admin").email, fullName: "Pat Plugin", password: `Admin-${id}!`, role: "tenant_admin", tenantId });
  const plugins = new PluginsPage(page);
  await resize(page, WIDE);
  await signInAt(page, "/admin/plugins", admin.email, admin.password);
  await expect(page.getByRole("heading", { name: "Plugins", level: 1 })).toBeVisible();

  await expect(page.getByRole("heading", { name: "Text to Speech" })).toBeVisible();
  await expect(page.getByRole("heading", { name: "Speech to Text" })).toBeVisible();
  await expect(plugins.status("azure-tts")).toHaveText("Inactive");
  const azure = plugins.enableSwitch("azure-tts", "Azure Speech");
  await expect(azure).toHaveAttribute("aria-checked", "false");

  await azure.click();
  await expect(azure).toHaveAttribute("aria-checked", "true");
  await expect(plugins.status("azure-tts")).toHaveText("Error");
  await expect(plugins.card("azure-tts")).toContainText("Subscription key not set");

  const key = plugins.card("azure-tts").getByLabel(/Subscription key/);
  await expect(key).toHaveAttribute("type", "password");
  await key.fill("azure-secret-key-123");
  await plugins.card("azure-tts").getByRole("button", { name: "Save Azure Speech settings" }).click();
  await expectToast(page, "Settings Saved");
  await expect(plugins.status("azure-tts")).toHaveText("Active");

  await page.reload();
  await expect(plugins.status("azure-tts")).toHaveText("Active");
  await expect(plugins.enableSwitch("azure-tts", "Azure Speech")).toHaveAttribute("aria-checked", "true");
  await expect(plugins.card("azure-tts").getByLabel(/Subscription key/)).toHaveValue("••••••••");
  await expect(page.getByText("azure-secret-key-123")).toHaveCount(0);

  await snap(page, testInfo, "plugins-wide");
  await resize(page, PHONE);
  await expectNoHorizontalOverflow(page);
  await snap(page, testInfo, "plugins-phone");
});

test("a regular user sees Access Denied on every administration page", async ({ page, request }) => {
  const { id } = unique("deny");
  const tenantId = await createTenant(request, `Denyco ${id}`, unique("deny-invitee").email);
  const user = await createUser(request, { email: unique("deny-user").email, fullName: "Rita Regular", password: `User-${id}!`, role: "user", tenantId });
  await signInAt(page, "/admin/tenants", user.email, user.password);
  for (const path of ["/admin/tenants", "/admin/users", "/admin/roles", "/admin/plugins"]) {
    if (path !== "/admin/tenants") await page.goto(path);
    await expect(page.getByRole("heading", { name: "Access Denied" })).toBeVisible();
    await expect(page.getByText("You don't have permission to access this page.")).toBeVisible();
  }
});
