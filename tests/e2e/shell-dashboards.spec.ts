// The application shell and the three role dashboards, signed in as a super admin, a tenant admin and a user.
import { readFile } from "node:fs/promises";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { AppShell } from "./pages/app-shell";
import { expectToast } from "./pages/toasts";
import { bearerToken, SUPER_ADMIN, unique } from "./support/accounts";
import { shoot, type ShotOptions } from "./support/screenshots";
import { signInThroughScreen } from "./support/sign-in";

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
/** Whole-page shots with no toast left over the page (bars and the drawer have finished their entrance). */
const SHOT: ShotOptions = { untilToastsGone: true };

interface Person {
  email: string;
  password: string;
  fullName: string;
}

interface Accounts {
  tenantName: string;
  tenantDomain: string;
  tenantAdmin: Person;
  member: Person;
}

let accounts: Promise<Accounts> | undefined;

/** One tenant with an admin and an ordinary member, created once through the API as the super admin. */
function setUp(request: APIRequestContext): Promise<Accounts> {
  accounts ??= (async () => {
    const token = await bearerToken(request, SUPER_ADMIN.email, SUPER_ADMIN.password);
    const headers = { Authorization: `Bearer ${token}` };
    const { id } = unique("shell");
    const tenantName = `Shell Org ${id}`;
    const tenantDomain = `shell-${id}.example`;
    const tenant = await request.post("/api/v1/tenants/", {
      headers,
      data: { name: tenantName, domain: tenantDomain, is_active: true, admin_full_name: "Invited Owner", admin_email: unique("owner").email },
    });
    expect(tenant.status(), await tenant.text()).toBe(201);
    const { id: tenantId } = (await tenant.json()) as { id: string };

    async function createUser(role: "tenant_admin" | "user", fullName: string): Promise<Person> {
      const person = { email: unique(role.replace("_", "-")).email, password: `Pass-${id}-${role}!`, fullName };
      const response = await request.post("/api/v1/users", {
        headers,
        data: { email: person.email, full_name: fullName, password: person.password, role, tenant_id: tenantId },
      });
      expect(response.status(), await response.text()).toBe(201);
      return person;
    }

    return {
      tenantName,
      tenantDomain,
      tenantAdmin: await createUser("tenant_admin", "Tara Admin"),
      member: await createUser("user", "Uma Member"),
    };
  })();
  return accounts;
}

/** Nothing is wider than the phone's screen (wide tables scroll inside their own frame). */
async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

/** Wide and phone screenshots of the current dashboard, and the phone drawer open. */
async function screenshots(page: Page, testInfo: TestInfo, role: string, menu: string[]) {
  const shell = new AppShell(page);
  await page.setViewportSize(WIDE);
  await shoot(page, testInfo, `${role}-dashboard-wide`, SHOT);
  await page.setViewportSize(PHONE);
  await expect(page.getByRole("button", { name: "Open navigation menu" })).toBeVisible();
  await expectNoSidewaysScroll(page);
  await shoot(page, testInfo, `${role}-dashboard-phone`, SHOT);
  await shell.openDrawer();
  await shell.expectMenu(menu);
  // The drawer covers the screen, not the page: a screen-sized shot.
  await shoot(page, testInfo, `${role}-drawer-phone`, { ...SHOT, fullPage: false });
  await shell.closeDrawer();
  await page.setViewportSize(WIDE);
}

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(WIDE);
});

test("super admin: platform menu, totals, recent tenants and real system analytics", async ({ page, request }, testInfo) => {
  const { tenantName, tenantDomain } = await setUp(request);
  const dashboard = await signInThroughScreen(page, SUPER_ADMIN, { waitForDashboard: true });
  const shell = new AppShell(page);
  const menu = ["Dashboard", "Tenant Management", "User Management", "Profile Settings"];

  await shell.expectMenu(menu);
  await shell.expectCurrent("Dashboard");
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Projects" })).toHaveCount(0);

  expect(await dashboard.statTitles()).toEqual(["Total Tenants", "Total Users", "System Projects", "Total Blogs"]);
  await dashboard.expectStat("Total Tenants", /\d+/, "Organizations");
  await dashboard.expectStat("Total Users", /\d+/, /\d+ active/);

  const recent = dashboard.panel("Recent Tenants");
  const shown = await recent.getByRole("listitem").count();
  expect(shown).toBeGreaterThanOrEqual(2);
  expect(shown).toBeLessThanOrEqual(5);
  const row = recent.getByRole("listitem").filter({ hasText: tenantName });
  await expect(row).toContainText(tenantDomain);
  await expect(row).toContainText("Active");

  const analytics = dashboard.panel("System Analytics");
  for (const name of ["Storage", "API Requests", "Database Connections"]) {
    await expect(analytics.getByRole("meter", { name })).toBeVisible();
  }
  await expect(analytics).toContainText(/\d+(\.\d)? (B|KB|MB|GB) \/ \d+(\.\d)? (GB|TB)/);
  await expect(analytics).toContainText(/\d+ \/ \d+/);
  await analytics.getByRole("button", { name: "View Detailed Analytics" }).click();
  const details = page.getByRole("dialog", { name: "Detailed Analytics" });
  await expect(details).toContainText("API requests, last 24 hours");
  await expect(details).toContainText("Maximum connections");
  await details.getByRole("button", { name: "Close" }).click();
  await expect(details).toBeHidden();

  // The sidebar collapses to icons on large screens; the entries keep their names.
  await shell.toggleSidebar("Collapse sidebar");
  await expect(shell.nav().getByRole("link", { name: "Tenant Management" })).toBeVisible();
  await expect(shell.nav().getByText("Tenant Management")).toHaveClass(/sr-only/);
  await shoot(page, testInfo, "super-admin-collapsed-wide", { ...SHOT, fullPage: false });
  await shell.toggleSidebar("Expand sidebar");
  await expect(shell.nav().getByText("Tenant Management")).not.toHaveClass(/sr-only/);

  await screenshots(page, testInfo, "super-admin", menu);
});

test("tenant admin: Administration group, team table, invite from the dashboard, export and plans", async ({ page, request }, testInfo) => {
  const { tenantAdmin, tenantName } = await setUp(request);
  const dashboard = await signInThroughScreen(page, tenantAdmin, { waitForDashboard: true });
  const shell = new AppShell(page);
  const menu = ["Dashboard", "Projects", "Administration: User Management", "Administration: Profile Settings"];

  await shell.expectMenu(menu);
  await dashboard.expectWelcome(tenantAdmin.fullName, "TENANT ADMIN");
  await expect(page.getByRole("banner")).toContainText(tenantName);
  expect(await dashboard.statTitles()).toEqual(["Total Users", "Pending Invitations", "Active Projects", "Total Blogs"]);
  await dashboard.expectStat("Total Users", "2", "2 active");
  // The tenant's own admin invitation from its creation is still pending.
  await dashboard.expectStat("Pending Invitations", "1", "Awaiting response");

  const table = page.getByRole("table", { name: "Team Members" });
  await expect(table.getByRole("columnheader")).toHaveText(["User", "Status", "Role"]);
  await expect(dashboard.teamRow(tenantAdmin.email)).toContainText("Active");
  await expect(dashboard.teamRow(tenantAdmin.email)).toContainText("Tenant Admin");

  const quick = dashboard.panel("Quick Actions");
  await expect(quick.getByRole("link", { name: "Manage Projects" })).toHaveAttribute("href", "/projects");

  // Invite a colleague: the toast shows, the dialog closes and the table gets an Invited row.
  const invitee = unique("invitee").email;
  const dialog = await dashboard.invite(invitee);
  await expectToast(page, "Invitation Sent", `Invitation sent successfully to ${invitee}`);
  await expect(dialog).toBeHidden();
  await expect(dashboard.teamRow(invitee)).toContainText("Invited");
  await expect(dashboard.teamRow(invitee)).toContainText("User");
  await dashboard.expectStat("Pending Invitations", "2");
  await expect(dashboard.panel("Recent Activity")).toContainText(`invited ${invitee}`);

  // The same address again: the server's reason is shown. (The open modal hides the toast region from the
  // accessibility tree, so the toast is found by its look.)
  await dashboard.invite(invitee);
  const failure = page.locator('[data-variant="destructive"]').filter({ hasText: "Failed to Send Invitation" });
  await expect(failure).toContainText("An invitation is already pending for this email");
  await page.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("button", { name: "Invite User", exact: true }).click();
  await expect(page.getByRole("dialog", { name: "Invite New User" }).getByLabel("Email")).toHaveValue("");
  await page.getByRole("button", { name: "Cancel" }).click();

  // Export User List downloads the CSV of the team.
  const [download] = await Promise.all([page.waitForEvent("download"), quick.getByRole("button", { name: "Export User List" }).click()]);
  expect(download.suggestedFilename()).toMatch(/^users-export-\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await readFile((await download.path())!, "utf8");
  expect(csv.split("\r\n")[0]).toBe("Full Name,Email,Role,Status,Tenant ID,Created Date,Updated Date,User ID");
  expect(csv).toContain(`N/A,${invitee},User,Invited,`);
  await expectToast(page, "Export Successful", "Successfully exported 4 users to CSV file.");

  // Subscription Plans opens in a new tab.
  const [plans] = await Promise.all([page.waitForEvent("popup"), quick.getByRole("link", { name: "Subscription Plans" }).click()]);
  await expect(plans).toHaveURL(/\/admin\/subscription$/);
  await expect(plans.getByRole("heading", { name: "Subscription Plans" })).toBeVisible();
  await expect(plans.getByTestId("plan-silver")).toContainText("Most Popular");
  await plans.setViewportSize(WIDE);
  await shoot(plans, testInfo, "subscription-wide", SHOT);
  await plans.setViewportSize(PHONE);
  await expectNoSidewaysScroll(plans);
  await shoot(plans, testInfo, "subscription-phone", SHOT);
  await plans.close();

  await screenshots(page, testInfo, "tenant-admin", menu);
  await page.setViewportSize(PHONE);
  await page.getByRole("button", { name: "Invite User", exact: true }).click();
  await page.getByRole("dialog", { name: "Invite New User" }).getByLabel("Email").fill("not-an-address");
  await page.getByRole("dialog", { name: "Invite New User" }).getByRole("button", { name: "Send Invitation" }).click();
  await expect(page.getByRole("dialog", { name: "Invite New User" })).toContainText("Please enter a valid email address");
  await shoot(page, testInfo, "invite-dialog-phone", { ...SHOT, fullPage: false });
});

test("user: own menu, content cards, profile information and permitted quick actions", async ({ page, request }, testInfo) => {
  const { member } = await setUp(request);
  const dashboard = await signInThroughScreen(page, member, { waitForDashboard: true });
  const shell = new AppShell(page);
  const menu = ["Dashboard", "Projects", "Profile Settings"];

  await shell.expectMenu(menu);
  await dashboard.expectWelcome(member.fullName, "USER");
  expect(await dashboard.statTitles()).toEqual(["My Projects", "Recent Blogs", "Presentations", "Activity"]);

  const projects = dashboard.panel("Recent Projects");
  await expect(projects).toContainText("No projects yet");
  await expect(projects.getByRole("link", { name: "Create Your First Project" })).toBeVisible();

  const profile = dashboard.panel("Profile Information");
  await expect(profile).toContainText(member.fullName);
  await expect(profile).toContainText(member.email);
  await expect(profile).toContainText("Active");

  const quick = dashboard.panel("Quick Actions");
  await expect(quick.getByRole("link")).toHaveText(["View All Projects", "Create New Project", "Recent Blogs", "My Presentations"]);
  await expect(dashboard.panel("Recent Activity")).toContainText(/signed in|No recent activity/);

  // Any signed-in user may look at the plans, inside the shell.
  await page.goto("/admin/subscription");
  await expect(page.getByRole("heading", { name: "Subscription Plans" })).toBeVisible();
  for (const [plan, price, members] of [
    ["bronze", "$29", "Up to 10 members"],
    ["silver", "$79", "Up to 50 members"],
    ["gold", "$149", "Unlimited members"],
  ] as const) {
    await expect(page.getByTestId(`plan-${plan}`)).toContainText(price);
    await expect(page.getByTestId(`plan-${plan}`)).toContainText(members);
  }
  await expect(page.getByText("30-day money-back guarantee")).toBeVisible();
  await expect(page.getByText("99.9% uptime SLA")).toBeVisible();

  await dashboard.goto();
  await screenshots(page, testInfo, "user", menu);
});
