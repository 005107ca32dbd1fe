// Who may hold a session: unverified, unapproved, inactive users and inactive tenants are refused with a
// message saying why, and deactivation ends existing sessions at once.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as login from "@/app/api/v1/auth/login/route";
import * as me from "@/app/api/v1/auth/me/route";
import * as refresh from "@/app/api/v1/auth/refresh/route";
import * as requestReset from "@/app/api/v1/password/request-reset/route";
import * as verifyInvitation from "@/app/api/v1/invitations/verify/[token]/route";
import { stopJobQueue } from "@/lib/jobs/queue";
import { PASSWORD_RESET_JOB } from "@/lib/services/auth";
import { call, json } from "../support/api";
import {
  approvedOrganisation,
  freshIp,
  invite,
  invitedMember,
  mailsTo,
  registerOrganisation,
  roleId,
  setTenantActive,
  setUserActive,
  signIn,
  verifyEmailOf,
  type Organisation,
} from "../support/accounts";
import { jobsSettle } from "../support/wait";

const MESSAGES = {
  badCredentials: "Incorrect email or password",
  emailNotVerified: "Please verify your email address before signing in.",
  awaitingApproval: "Your organization is awaiting approval by a platform administrator.",
  userInactive: "Your account is inactive. Please contact your administrator.",
  tenantInactive: "Your organization is inactive. Please contact support.",
};

// Reset links are mailed by a job worker that the first reset request starts in this process.
afterAll(async () => {
  await stopJobQueue();
});

const attemptSignIn = (email: string, password: string) => call(login.POST, "POST", { body: { email, password }, ip: freshIp() });

async function expectRefused(response: Response, status: number, detail: string): Promise<void> {
  expect(response.status).toBe(status);
  expect(await json(response)).toEqual({ detail });
}

describe("an organisation before approval", () => {
  it("refuses its admin before the e-mail is verified, then while awaiting approval", async () => {
    const registered = await registerOrganisation("Waiting");
    await expectRefused(await attemptSignIn(registered.email, registered.password), 403, MESSAGES.emailNotVerified);
    await verifyEmailOf(registered.email);
    await expectRefused(await attemptSignIn(registered.email, registered.password), 403, MESSAGES.awaitingApproval);
  });

  it("tells a wrong password nothing about the account's state", async () => {
    const registered = await registerOrganisation("Quiet");
    await verifyEmailOf(registered.email);
    await expectRefused(await attemptSignIn(registered.email, "not-the-password"), 401, MESSAGES.badCredentials);
  });
});

describe("an inactive user", () => {
  let organisation: Organisation;

  beforeAll(async () => {
    organisation = await approvedOrganisation("Staff");
  });

  it("is refused at sign-in with the reason, and a wrong password still reads as wrong", async () => {
    const member = await invitedMember(organisation, "dormant@staff.test");
    await setUserActive("dormant@staff.test", false);
    await expectRefused(await attemptSignIn("dormant@staff.test", member.password), 403, MESSAGES.userInactive);
    await expectRefused(await attemptSignIn("dormant@staff.test", "not-the-password"), 401, MESSAGES.badCredentials);
  });

  it("loses an existing session at once: bearer, cookie and refresh", async () => {
    const member = await invitedMember(organisation, "leaver@staff.test");
    expect((await call(me.GET, "GET", { token: member.access_token })).status).toBe(200);
    await setUserActive("leaver@staff.test", false);

    expect((await call(me.GET, "GET", { token: member.access_token })).status).toBe(401);
    expect((await call(me.GET, "GET", { cookie: member.cookie })).status).toBe(401);
    await expectRefused(await call(refresh.POST, "POST", { body: { refresh_token: member.refresh_token } }), 401, MESSAGES.userInactive);

    // The refused refresh ended the session for good; reactivation means signing in again.
    await setUserActive("leaver@staff.test", true);
    expect((await call(me.GET, "GET", { token: member.access_token })).status).toBe(401);
    const again = await signIn("leaver@staff.test", member.password);
    expect((await call(me.GET, "GET", { token: again.access_token })).status).toBe(200);
  });

  it("gets the usual answer to a reset request but no mail", async () => {
    await invitedMember(organisation, "suspended@staff.test");
    await setUserActive("suspended@staff.test", false);
    const response = await call(requestReset.POST, "POST", { body: { email: "suspended@staff.test" }, ip: freshIp() });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ message: "If the email exists, a reset link has been sent." });
    await jobsSettle(PASSWORD_RESET_JOB);
    expect(mailsTo("suspended@staff.test").filter((mail) => mail.subject.includes("Reset"))).toHaveLength(0);
  });

  it("does not affect the other users of the tenant", async () => {
    expect((await call(me.GET, "GET", { token: organisation.admin.access_token })).status).toBe(200);
  });
});

describe("a deactivated tenant", () => {
  it("ends the sessions of all its users at once and refuses sign-in, refresh and its invitation links", async () => {
    const organisation = await approvedOrganisation("Closing");
    const member = await invitedMember(organisation, "worker@closing.test");
    const { token: invitationToken } = await invite(
      organisation.admin.access_token,
      "candidate@closing.test",
      await roleId(organisation.admin.access_token, "Tenant User"),
    );
    const bystander = await approvedOrganisation("Open");

    await setTenantActive(organisation.tenantId, false);

    for (const session of [organisation.admin, member]) {
      expect((await call(me.GET, "GET", { token: session.access_token })).status).toBe(401);
      expect((await call(me.GET, "GET", { cookie: session.cookie })).status).toBe(401);
    }
    await expectRefused(await call(refresh.POST, "POST", { body: { refresh_token: member.refresh_token } }), 401, MESSAGES.tenantInactive);
    await expectRefused(await attemptSignIn(organisation.email, organisation.password), 403, MESSAGES.tenantInactive);
    await expectRefused(await attemptSignIn("worker@closing.test", member.password), 403, MESSAGES.tenantInactive);
    await expectRefused(
      await call(verifyInvitation.GET, "GET", { params: { token: invitationToken }, ip: freshIp() }),
      404,
      "This invitation link is invalid or has expired.",
    );
    expect((await call(me.GET, "GET", { token: bystander.admin.access_token })).status).toBe(200);

    await setTenantActive(organisation.tenantId, true);
    await signIn(organisation.email, organisation.password);
    expect((await call(verifyInvitation.GET, "GET", { params: { token: invitationToken }, ip: freshIp() })).status).toBe(200);
  });
});
