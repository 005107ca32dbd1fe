// Accounts end to end (issue #3): registration to sign-in, password reset, invitations. E-mail arrives at the
// SMTP server of global-setup.ts and its links are followed as a person would.
import { expect, test, type Page, type TestInfo } from "@playwright/test";
import { AcceptInvitationPage } from "./pages/accept-invitation-page";
import { AppFrame } from "./pages/app-frame";
import { AuthScreen } from "./pages/auth-screen";
import { PasswordResetPage } from "./pages/password-reset-page";
import { ProfilePage } from "./pages/profile-page";
import { expectToast } from "./pages/toasts";
import { approveTenant, bearerToken, createActiveTenantAdmin, unique } from "./support/accounts";
import { mailLink, waitForMail } from "./support/mail";
import { expectAccessible } from "./support/axe";

async function snap(page: Page, testInfo: TestInfo, name: string) {
  await expectAccessible(page, `screen ${name}`);
  const body = await page.screenshot({ path: testInfo.outputPath(`${name}.png`), fullPage: true });
  await testInfo.attach(name, { body, contentType: "image/png" });
}

test("an organisation registers, verifies its e-mail, is approved, signs in, changes its password and signs in again", async ({
  page,
  request,
  context,
}, testInfo) => {
  test.setTimeout(120_000);
  const { id, email } = unique("owner");
  const owner = { companyName: `Acme ${id}`, fullName: "Olivia Owner", email, phone: "+44 20 7946 0001", address: "2 Market Square, Leeds", password: "First-Pass-123" };
  const auth = new AuthScreen(page);
  const frame = new AppFrame(page);

  let tenantId = "";
  await test.step("register", async () => {
    await auth.goto("/");
    await snap(page, testInfo, "login-view");
    const answer = page.waitForResponse((response) => response.url().endsWith("/api/v1/auth/register"));
    await auth.register(owner);
    const registered = await answer;
    expect(registered.status()).toBe(201);
    tenantId = ((await registered.json()) as { tenant_id: string }).tenant_id;
    await expectToast(page, "Registration Successful!", /Please check your email to verify your account/);
    await auth.expectLoginView();
    await expect(auth.email).toHaveValue(owner.email);
  });

  await test.step("verify the e-mail address from the mail", async () => {
    const link = mailLink(await waitForMail(owner.email, "/verify-email?token="), "/verify-email");
    await page.goto(link);
    await expect(page.getByRole("heading", { name: "Email Verified" })).toBeVisible();
    await snap(page, testInfo, "verify-email-success");
    await page.getByRole("link", { name: "Back to Login" }).click();
    await auth.expectLoginView();
  });

  await test.step("sign-in is refused while the organisation awaits approval", async () => {
    await auth.signIn(owner.email, owner.password);
    await auth.expectLoginFailed("Your organization is awaiting approval by a platform administrator.");
    await expect(page).toHaveURL(/\/$/);
  });

  await test.step("a super admin approves; the welcome mail arrives", async () => {
    await approveTenant(request, tenantId);
    await waitForMail(owner.email, "has been approved");
  });

  await test.step("sign in with 'Keep me logged in'", async () => {
    await auth.goto("/");
    await auth.signIn(owner.email, owner.password, { keepLoggedIn: true });
    await frame.expectDashboard(owner.fullName);
    await expectToast(page, "Welcome back!", "You have been successfully logged in.");
    const session = (await context.cookies()).find((cookie) => cookie.name.includes("session-token"));
    expect(session?.httpOnly).toBe(true);
    // A persistent cookie of about 30 days, not one that ends with the browser session.
    expect(session!.expires * 1000).toBeGreaterThan(Date.now() + 29 * 24 * 3600 * 1000);
    expect(await page.evaluate(() => Object.keys(window.localStorage))).toEqual([]);
  });

  const profile = new ProfilePage(page);
  await test.step("the profile shows name, role badge and e-mail", async () => {
    await frame.openProfileSettings();
    await profile.expectUser({ fullName: owner.fullName, email: owner.email, roleBadge: "TENANT ADMIN" });
    await snap(page, testInfo, "profile");
  });

  const newPassword = "Second-Pass-456";
  await test.step("change the password", async () => {
    await profile.changePassword("not-my-password", newPassword);
    await expectToast(page, "Password Change Failed", "Current password is incorrect. Please verify and try again.");
    await profile.changePassword(owner.password, newPassword);
    await expectToast(page, "Password Changed Successfully!", "Your password has been updated.");
    await profile.expectFormCleared();
  });

  await test.step("sign out, then sign in with the new password only", async () => {
    await frame.signOut();
    await auth.expectLoginView();
    await auth.signIn(owner.email, owner.password);
    await auth.expectLoginFailed("Incorrect email or password");
    await auth.password.fill(newPassword);
    await auth.signInButton.click();
    await frame.expectDashboard(owner.fullName);
  });
});

test("a forgotten password is reset from the e-mailed link", async ({ page, request }, testInfo) => {
  const admin = await createActiveTenantAdmin(request, "forgetful");
  const auth = new AuthScreen(page);

  await auth.goto("/");
  await auth.requestPasswordReset(admin.email);
  await expectToast(page, "Password Reset Sent", "If the email exists, a reset link has been sent.");
  await snap(page, testInfo, "check-your-email");

  const link = mailLink(await waitForMail(admin.email, "/password-reset?token="), "/password-reset");
  await page.goto(link);
  await new PasswordResetPage(page).resetTo("Brand-New-Pass-789");
  await expect(page.getByRole("heading", { name: "Password Reset Successful" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go to Login" })).toBeVisible();

  // Two seconds later the sign-in screen says what happened.
  await expect(page).toHaveURL(/\/\?notice=password-reset$/);
  await expect(page.getByText("Password reset successfully. Please log in with your new password.")).toBeVisible();
  await snap(page, testInfo, "after-reset");
  await auth.signIn(admin.email, "Brand-New-Pass-789");
  await new AppFrame(page).expectDashboard(admin.fullName);

  // The link works once.
  await page.goto(link);
  await new PasswordResetPage(page).resetTo("Another-Pass-000");
  await expectToast(page, "Reset Failed");
});

test("an invited user accepts, is signed in on the dashboard, and the used link is invalid", async ({ page, request }, testInfo) => {
  test.setTimeout(90_000);
  const admin = await createActiveTenantAdmin(request, "inviter");
  const token = await bearerToken(request, admin.email, admin.password);
  const headers = { Authorization: `Bearer ${token}` };
  const roles = (await (await request.get("/api/v1/roles/", { headers })).json()) as { id: string; name: string }[];
  const role = roles.find((candidate) => candidate.name === "Tenant User");
  expect(role, JSON.stringify(roles)).toBeDefined();
  const { email } = unique("invitee");
  const invited = await request.post("/api/v1/invitations/", { headers, data: { email, role_id: role!.id } });
  expect(invited.status(), await invited.text()).toBe(201);

  const link = mailLink(await waitForMail(email, "/accept-invitation?token="), "/accept-invitation");
  const invitation = new AcceptInvitationPage(page);
  await invitation.open(link);
  await invitation.expectInvitation(admin.tenantName, "Tenant User");
  await snap(page, testInfo, "accept-invitation");

  await invitation.accept({ fullName: "Ivy Invitee", password: "Invited-Pass-321", phone: "+44 20 7946 0002" });
  await expect(page.getByRole("heading", { name: "Welcome!" })).toBeVisible();
  await new AppFrame(page).expectDashboard("Ivy Invitee");
  await expect(page.getByTestId("role-badge")).toHaveText("USER");

  await invitation.open(link);
  await invitation.expectInvalid();
  await snap(page, testInfo, "invitation-used");
});

test("a protected page shows the sign-in screen, then itself once signed in; /login sends a signed-in user on", async ({
  page,
  request,
}) => {
  const admin = await createActiveTenantAdmin(request, "returning");
  const auth = new AuthScreen(page);
  await page.goto("/profile");
  await auth.expectLoginView();
  await expect(page).toHaveURL(/\/profile$/);
  await auth.signIn(admin.email, admin.password);
  await new ProfilePage(page).expectUser({ fullName: admin.fullName, email: admin.email, roleBadge: "TENANT ADMIN" });

  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the verify-email and accept-invitation pages explain a missing or bad token", async ({ page }, testInfo) => {
  await page.goto("/verify-email");
  await expect(page.getByRole("heading", { name: "Email Verification Failed" })).toBeVisible();
  await expect(page.getByText("No verification token provided")).toBeVisible();
  await expectAccessible(page, "verify-email page without a token");

  await page.goto("/verify-email?token=not-a-real-token");
  await expectToast(page, "Verification Failed", "Please check the verification link and try again.");
  await expect(page.getByRole("link", { name: "Back to Login" })).toHaveAttribute("href", "/");

  await page.goto("/accept-invitation");
  await expect(page.getByRole("heading", { name: "Invalid Invitation" })).toBeVisible();
  await expect(page.getByText("Invalid invitation link")).toBeVisible();
  await page.goto("/accept-invitation?token=not-a-real-token");
  await new AcceptInvitationPage(page).expectInvalid();
  await snap(page, testInfo, "invitation-invalid");
  await page.getByRole("link", { name: "Go to Login" }).click();
  await new AuthScreen(page).expectLoginView();
});
