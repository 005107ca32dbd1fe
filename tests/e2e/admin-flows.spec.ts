// Administration flows end to end (issue #4), beyond admin.spec.ts: creating a user with the dialog, the invited
// rows' resend and revoke, deleting a tenant, paging the user list, deactivating a signed-in user, and the
// tenant-admin dashboard's 'Pending' label. Every test makes its own tenant, so none depends on another.
import { expect, test, type APIRequestContext, type Browser, type Page, type TestInfo } from "@playwright/test";
import { AcceptInvitationPage } from "./pages/accept-invitation-page";
import { AppFrame } from "./pages/app-frame";
import { AuthScreen } from "./pages/auth-screen";
import { DashboardPage } from "./pages/dashboard-page";
import { TenantManagementPage } from "./pages/tenant-management-page";
import { expectToast } from "./pages/toasts";
import { confirmDialog, CreateUserDialog, EditUserDialog, PaginationBar } from "./pages/user-admin-dialogs";
import { UserManagementPage } from "./pages/user-management-page";
import { bearerToken, SUPER_ADMIN, unique } from "./support/accounts";
import { createTenant, createUser, type CreatedUser } from "./support/admin";
import { mailLink, waitForMail } from "./support/mail";
import { expectAccessible } from "./support/axe";

const WIDE = { width: 1440, height: 900 };

test.beforeEach(async ({ page }) => {
  await page.setViewportSize(WIDE);
});

async function snap(page: Page, testInfo: TestInfo, name: string) {
  // Let the dialog finish its entrance animation before the picture.
  await page.evaluate(() => Promise.all(document.getAnimations().map((animation) => animation.finished.catch(() => undefined))));
  await expectAccessible(page, `screen ${name}`);
  const body = await page.screenshot({ path: testInfo.outputPath(`${name}.png`) });
  await testInfo.attach(name, { body, contentType: "image/png" });
}

async function signInAt(page: Page, path: string, email: string, password: string) {
  const auth = new AuthScreen(page);
  await auth.goto(path);
  await auth.signIn(email, password);
}

interface Org {
  id: string;
  name: string;
  tenantId: string;
  invitedAdmin: string;
  admin: CreatedUser;
}

/** A fresh active tenant (its creation invitation stays pending) with a tenant admin who has a password. */
async function createOrg(request: APIRequestContext, label: string): Promise<Org> {
  const { id } = unique(label);
  const name = `${label} Org ${id}`;
  const invitedAdmin = unique(`${label}-invited`).email;
  const tenantId = await createTenant(request, name, invitedAdmin);
  const admin = await createUser(request, { email: unique(`${label}-admin`).email, fullName: "Tina Admin", password: `Admin-${id}!`, role: "tenant_admin", tenantId });
  return { id, name, tenantId, invitedAdmin, admin };
}

async function adminHeaders(request: APIRequestContext, org: Org) {
  return { Authorization: `Bearer ${await bearerToken(request, org.admin.email, org.admin.password)}` };
}

/** The tenant admin invites `email` as a Tenant User through the API. */
async function inviteUser(request: APIRequestContext, org: Org, email: string) {
  const headers = await adminHeaders(request, org);
  const roles = (await (await request.get("/api/v1/roles/", { headers })).json()) as { id: string; name: string }[];
  const role = roles.find((candidate) => candidate.name === "Tenant User");
  expect(role, JSON.stringify(roles)).toBeDefined();
  const invited = await request.post("/api/v1/invitations/", { headers, data: { email, role_id: role!.id } });
  expect(invited.status(), await invited.text()).toBe(201);
}

/** Signs in on the sign-in screen of a brand-new browser context (no cookies shared with the admin's page). */
async function freshSignIn(browser: Browser, email: string, password: string) {
  const context = await browser.newContext({ viewport: WIDE });
  const page = await context.newPage();
  await signInAt(page, "/", email, password);
  return { context, page };
}

test("a tenant admin creates a user with the dialog; the user appears and signs in with that password", async ({ page, request, browser }, testInfo) => {
  const org = await createOrg(request, "create");
  const users = new UserManagementPage(page);
  await signInAt(page, "/admin/users", org.admin.email, org.admin.password);
  await users.expectLoaded();
  await expect(users.rows).toHaveCount(2);

  const dialog = new CreateUserDialog(page);
  const newUser = { email: unique("created").email, fullName: "Carla Created", password: `Created-${org.id}!` };

  await test.step("too short a full name and password are refused with the spec's messages", async () => {
    await dialog.open();
    await dialog.fill({ email: newUser.email, fullName: "C", password: "short" });
    await dialog.submit();
    await expect(dialog.fieldError("Full Name")).toHaveText("Full name must be at least 2 characters");
    await expect(dialog.fieldError("Password")).toHaveText("Password must be at least 8 characters");
    await expect(dialog.root.getByLabel("Full Name", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.root.getByLabel("Password", { exact: true })).toHaveAttribute("aria-invalid", "true");
    await expect(dialog.root).toBeVisible();
    await snap(page, testInfo, "create-user-dialog-errors");
  });

  await test.step("valid details create the user", async () => {
    const answer = page.waitForResponse((response) => response.request().method() === "POST" && /\/api\/v1\/users\/?$/.test(new URL(response.url()).pathname));
    await dialog.fill(newUser);
    await expect(dialog.fieldError("Full Name")).toHaveCount(0);
    await expect(dialog.fieldError("Password")).toHaveCount(0);
    await dialog.submit();
    expect((await answer).status()).toBe(201);
    await expect(dialog.root).toBeHidden();
    await expectToast(page, "User Created", `${newUser.fullName} can now sign in.`);
    await expect(users.rows).toHaveCount(3);
    await expect(users.row(newUser.email)).toContainText(newUser.fullName);
    await expect(users.row(newUser.email)).toContainText("User");
    await expect(users.row(newUser.email)).toContainText("Active");
  });

  await test.step("the new user signs in through the UI in a fresh browser", async () => {
    const { context, page: userPage } = await freshSignIn(browser, newUser.email, newUser.password);
    await new AppFrame(userPage).expectDashboard(newUser.fullName);
    await expect(userPage.getByTestId("role-badge")).toHaveText("USER");
    await context.close();
  });
});

test("an invited row offers only Resend and Revoke; resend replaces the link, revoke voids it", async ({ page, request }, testInfo) => {
  const org = await createOrg(request, "invite");
  const resent = unique("resent").email;
  const revoked = unique("revoked").email;
  await inviteUser(request, org, resent);
  await inviteUser(request, org, revoked);
  const firstLink = mailLink(await waitForMail(resent, "/accept-invitation?token="), "/accept-invitation");
  const revokedLink = mailLink(await waitForMail(revoked, "/accept-invitation?token="), "/accept-invitation");

  const users = new UserManagementPage(page);
  await signInAt(page, "/admin/users", org.admin.email, org.admin.password);
  await users.expectLoaded();

  await test.step("the invited rows show 'Invited' with only Resend and Revoke", async () => {
    for (const email of [resent, revoked]) {
      const row = users.row(email);
      await expect(row).toContainText("Invited");
      await expect(row.getByRole("button")).toHaveCount(2);
      await expect(row.getByRole("button", { name: `Resend invitation to ${email}` })).toBeVisible();
      await expect(row.getByRole("button", { name: `Revoke invitation to ${email}` })).toBeVisible();
    }
  });

  let secondLink = "";
  await test.step("Resend mails a new link; the first link is now invalid", async () => {
    await users.row(resent).getByRole("button", { name: `Resend invitation to ${resent}` }).click();
    await expectToast(page, "Invitation Sent", `Invitation sent successfully to ${resent}`);
    await expect
      .poll(async () => mailLink(await waitForMail(resent, "/accept-invitation?token="), "/accept-invitation"), { message: "a second invitation mail" })
      .not.toBe(firstLink);
    secondLink = mailLink(await waitForMail(resent, "/accept-invitation?token="), "/accept-invitation");
    await expect(users.row(resent)).toContainText("Invited");

    const invitee = await page.context().browser()!.newContext({ viewport: WIDE });
    const invitation = new AcceptInvitationPage(await invitee.newPage());
    await invitation.open(firstLink);
    await invitation.expectInvalid();
    await invitation.open(secondLink);
    await invitation.expectInvitation(org.name, "Tenant User");
    await invitee.close();
  });

  await test.step("Revoke asks first, removes the row and voids the link", async () => {
    await users.row(revoked).getByRole("button", { name: `Revoke invitation to ${revoked}` }).click();
    const confirm = confirmDialog(page, "Revoke Invitation");
    await expect(confirm).toBeVisible();
    await expect(confirm).toContainText(`Revoke the invitation to ${revoked}?`);
    await snap(page, testInfo, "revoke-invitation-dialog");
    await confirm.getByRole("button", { name: "Revoke Invitation" }).click();
    await expect(confirm).toBeHidden();
    await expectToast(page, "Invitation Revoked", `The invitation to ${revoked} was revoked.`);
    await expect(users.row(revoked)).toHaveCount(0);
    await expect(users.row(resent)).toBeVisible();

    const invitee = await page.context().browser()!.newContext({ viewport: WIDE });
    const invitation = new AcceptInvitationPage(await invitee.newPage());
    await invitation.open(revokedLink);
    await invitation.expectInvalid();
    await invitee.close();
  });
});

test("the super admin deletes a tenant after confirming; it disappears and its admin cannot sign in", async ({ page, request }, testInfo) => {
  const org = await createOrg(request, "doomed");
  // The admin can sign in before the deletion.
  await bearerToken(request, org.admin.email, org.admin.password);

  const tenants = new TenantManagementPage(page);
  await signInAt(page, "/admin/tenants", SUPER_ADMIN.email, SUPER_ADMIN.password);
  await tenants.expectLoaded();
  await tenants.search(org.id);
  await expect(tenants.row(org.name)).toBeVisible();

  await tenants.row(org.name).getByRole("button", { name: `Delete ${org.name}` }).click();
  const confirm = confirmDialog(page, "Delete Tenant");
  await expect(confirm).toBeVisible();
  await expect(confirm).toContainText(`Delete ${org.name}? Its users, projects, blogs, presentations and files are removed for good.`);
  await snap(page, testInfo, "delete-tenant-dialog");

  // Cancel keeps it.
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(tenants.row(org.name)).toBeVisible();

  await tenants.row(org.name).getByRole("button", { name: `Delete ${org.name}` }).click();
  await confirm.getByRole("button", { name: "Delete Tenant" }).click();
  await expect(confirm).toBeHidden();
  await expectToast(page, "Tenant Deleted", `${org.name} and all its data were deleted.`);
  await expect(tenants.row(org.name)).toHaveCount(0);
  await expect(page.getByText("No tenants found")).toBeVisible();
  await page.reload();
  await tenants.search(org.id);
  await expect(page.getByText("No tenants found")).toBeVisible();

  const stranger = await page.context().browser()!.newContext({ viewport: WIDE });
  const strangerPage = await stranger.newPage();
  const auth = new AuthScreen(strangerPage);
  await auth.goto("/");
  await auth.signIn(org.admin.email, org.admin.password);
  await auth.expectLoginFailed("Incorrect email or password");
  await expect(strangerPage).toHaveURL(/\/$/);
  await auth.expectLoginView();
  await stranger.close();
});

test("paging: Next and Previous move through more than 20 users with the right counts", async ({ page, request }) => {
  const org = await createOrg(request, "paging");
  const headers = await adminHeaders(request, org);
  // 23 users: with the admin and the pending creation invitation, 25 rows in all.
  const made = await Promise.all(
    Array.from({ length: 23 }, async (_, index) => {
      const email = unique(`pager${String(index).padStart(2, "0")}`).email;
      const response = await request.post("/api/v1/users", {
        headers,
        data: { email, full_name: `Pager ${String(index).padStart(2, "0")}`, password: `Pager-${org.id}!`, role: "user", is_active: true },
      });
      expect(response.status(), await response.text()).toBe(201);
      return email;
    }),
  );
  expect(made).toHaveLength(23);

  const users = new UserManagementPage(page);
  const pager = new PaginationBar(page);
  await signInAt(page, "/admin/users", org.admin.email, org.admin.password);
  await users.expectLoaded();

  await expect(users.rows).toHaveCount(20);
  await expect(pager.summary()).toHaveText("Showing 1–20 of 25 users");
  await expect(pager.pageLabel()).toHaveText("Page 1 of 2");
  await expect(pager.previous()).toBeDisabled();
  await expect(pager.next()).toBeEnabled();
  const firstPage = await users.rows.allTextContents();

  await pager.next().click();
  await expect(pager.summary()).toHaveText("Showing 21–25 of 25 users");
  await expect(pager.pageLabel()).toHaveText("Page 2 of 2");
  await expect(users.rows).toHaveCount(5);
  await expect(pager.next()).toBeDisabled();
  await expect(pager.previous()).toBeEnabled();
  const secondPage = await users.rows.allTextContents();
  // No row shows on both pages, and together they hold every user and the invitation.
  expect(secondPage.filter((row) => firstPage.includes(row))).toEqual([]);
  const everything = [...firstPage, ...secondPage].join("\n");
  for (const email of [...made, org.admin.email, org.invitedAdmin]) expect(everything).toContain(email);

  await pager.previous().click();
  await expect(pager.summary()).toHaveText("Showing 1–20 of 25 users");
  await expect(pager.pageLabel()).toHaveText("Page 1 of 2");
  await expect(users.rows).toHaveCount(20);
  expect(await users.rows.allTextContents()).toEqual(firstPage);

  // A filter starts again on the first page with its own count.
  await pager.next().click();
  await expect(pager.pageLabel()).toHaveText("Page 2 of 2");
  await users.search("Pager 1");
  await expect(pager.summary()).toHaveText("Showing 1–10 of 10 users");
  await expect(pager.pageLabel()).toHaveText("Page 1 of 1");
  await expect(users.rows).toHaveCount(10);
  await expect(pager.next()).toBeDisabled();
  await expect(pager.previous()).toBeDisabled();
});

test("a deactivated user's open session ends on its next navigation, and signing in is refused", async ({ page, request, browser }, testInfo) => {
  const org = await createOrg(request, "deact");
  const member = await createUser(request, { email: unique("member").email, fullName: "Milo Member", password: `Member-${org.id}!`, role: "user", tenantId: org.tenantId });

  // The member is signed in in their own browser first.
  const { context: memberContext, page: memberPage } = await freshSignIn(browser, member.email, member.password);
  await new AppFrame(memberPage).expectDashboard(member.fullName);

  const users = new UserManagementPage(page);
  await signInAt(page, "/admin/users", org.admin.email, org.admin.password);
  await users.expectLoaded();
  await users.row(member.fullName).getByRole("button", { name: `Edit ${member.fullName}` }).click();
  const dialog = new EditUserDialog(page);
  await expect(dialog.root).toBeVisible();
  await expect(dialog.active()).toHaveAttribute("aria-checked", "true");
  await dialog.active().click();
  await expect(dialog.active()).toHaveAttribute("aria-checked", "false");
  await snap(page, testInfo, "edit-user-dialog-deactivate");
  await dialog.save();
  await expect(dialog.root).toBeHidden();
  await expectToast(page, "User Updated");
  await expect(users.row(member.fullName)).toContainText("Inactive");

  await test.step("the member's next navigation shows the sign-in screen", async () => {
    await memberPage.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Profile Settings" }).click();
    const auth = new AuthScreen(memberPage);
    await auth.expectLoginView();
    await expect(memberPage.getByRole("heading", { name: member.fullName })).toHaveCount(0);
  });

  await test.step("signing in again is refused with the reason", async () => {
    const auth = new AuthScreen(memberPage);
    await auth.signIn(member.email, member.password);
    await auth.expectLoginFailed("Your account is inactive. Please contact your administrator.");
    await auth.expectLoginView();
  });
  await memberContext.close();
});

test("the tenant admin's dashboard lists an inactive member as 'Pending'", async ({ page, request }) => {
  const org = await createOrg(request, "pending");
  const inactive = await createUser(request, { email: unique("dormant").email, fullName: "Dora Dormant", password: `Dormant-${org.id}!`, role: "user", tenantId: org.tenantId, isActive: false });
  const active = await createUser(request, { email: unique("awake").email, fullName: "Ari Awake", password: `Awake-${org.id}!`, role: "user", tenantId: org.tenantId });

  await signInAt(page, "/", org.admin.email, org.admin.password);
  const dashboard = new DashboardPage(page);
  await dashboard.expectLoaded();
  await expect(dashboard.teamRow(inactive.email)).toContainText("Pending");
  await expect(dashboard.teamRow(inactive.email)).not.toContainText("Inactive");
  await expect(dashboard.teamRow(active.email)).toContainText("Active");
  await expect(dashboard.teamRow(org.invitedAdmin)).toContainText("Invited");
  await dashboard.expectStat("Total Users", "3", "2 active");
});
