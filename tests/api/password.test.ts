// Password reset (request, mail, reset; other sessions end) and password change (wrong current password,
// other sessions end, the current one stays).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as login from "@/app/api/v1/auth/login/route";
import * as me from "@/app/api/v1/auth/me/route";
import * as refresh from "@/app/api/v1/auth/refresh/route";
import * as change from "@/app/api/v1/password/change/route";
import * as requestReset from "@/app/api/v1/password/request-reset/route";
import * as reset from "@/app/api/v1/password/reset/route";
import { PASSWORD_RESET_JOB } from "@/lib/services/auth";
import { stopJobQueue } from "@/lib/jobs/queue";
import { call, json, outbox } from "../support/api";
import { readMails } from "../support/mail";
import { approvedOrganisation, freshIp, invitedMember, mailedToken, mailsTo, signIn, type Organisation } from "../support/accounts";
import { jobsSettle, mailsArrive, tokenOfNextMail } from "../support/wait";

const RESET_REQUESTED = { message: "If the email exists, a reset link has been sent." };

const requestResetFor = (email: string) => call(requestReset.POST, "POST", { body: { email }, ip: freshIp() });
const attemptSignIn = (email: string, password: string) => call(login.POST, "POST", { body: { email, password }, ip: freshIp() });

let organisation: Organisation;

beforeAll(async () => {
  organisation = await approvedOrganisation("Keys");
});

// Reset links are mailed by a job worker that the first reset request starts in this process.
afterAll(async () => {
  await stopJobQueue();
});

describe("password reset", () => {
  const email = "reader@keys.test";
  let member: Awaited<ReturnType<typeof invitedMember>>;
  const newPassword = "reset-password-2";

  beforeAll(async () => {
    member = await invitedMember(organisation, email, "first-password-1");
  });

  it("answers an unknown address exactly as a known one, and mails nothing", async () => {
    const before = readMails(outbox()).length;
    const response = await requestResetFor("nobody@keys.test");
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual(RESET_REQUESTED);
    await jobsSettle(PASSWORD_RESET_JOB);
    expect(readMails(outbox())).toHaveLength(before);
  });

  it("mails a known address a reset link, whatever the case of the address typed", async () => {
    const response = await requestResetFor("Reader@KEYS.test");
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual(RESET_REQUESTED);
    const resetMails = await mailsArrive(email, "Reset", 1);
    await jobsSettle(PASSWORD_RESET_JOB);
    expect(mailsTo(email).filter((mail) => mail.subject.includes("Reset"))).toHaveLength(1);
    expect(resetMails[0]!.body).toContain("http://app.test/password-reset?token=");
  });

  it("voids the earlier link when a new one is requested", async () => {
    const earlier = mailedToken(email, "Reset", "/password-reset");
    const latest = await tokenOfNextMail(email, "Reset", "/password-reset", () => requestResetFor(email));
    expect(latest).not.toBe(earlier);
    const response = await call(reset.POST, "POST", { body: { token: earlier, new_password: newPassword } });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ detail: "This reset link is invalid or has expired." });
  });

  it("sets the new password and ends every session of the account", async () => {
    const other = await signIn(email, "first-password-1");
    const token = mailedToken(email, "Reset", "/password-reset");
    const response = await call(reset.POST, "POST", { body: { token, new_password: newPassword } });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ message: "Password reset successfully. Please log in with your new password." });

    for (const session of [member, other]) {
      expect((await call(me.GET, "GET", { token: session.access_token })).status).toBe(401);
      expect((await call(me.GET, "GET", { cookie: session.cookie })).status).toBe(401);
      expect((await call(refresh.POST, "POST", { body: { refresh_token: session.refresh_token } })).status).toBe(401);
    }
  });

  it("refuses the old password and accepts the new one", async () => {
    const old = await attemptSignIn(email, "first-password-1");
    expect(old.status).toBe(401);
    expect(await json(old)).toEqual({ detail: "Incorrect email or password" });
    const session = await signIn(email, newPassword);
    expect((await call(me.GET, "GET", { token: session.access_token })).status).toBe(200);
  });
});

describe("password change", () => {
  const email = "writer@keys.test";
  const oldPassword = "first-password-1";
  const newPassword = "changed-password-2";
  let current: Awaited<ReturnType<typeof invitedMember>>;
  let other: Awaited<ReturnType<typeof invitedMember>>;

  beforeAll(async () => {
    current = await invitedMember(organisation, email, oldPassword);
    other = { ...(await signIn(email, oldPassword)), password: oldPassword };
  });

  it("needs a signed-in user", async () => {
    const response = await call(change.POST, "POST", { body: { current_password: oldPassword, new_password: newPassword } });
    expect(response.status).toBe(401);
  });

  it("refuses a wrong current password with 400 and changes nothing", async () => {
    const response = await call(change.POST, "POST", {
      token: current.access_token,
      body: { current_password: "not-my-password", new_password: newPassword },
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual({ detail: "Current password is incorrect" });
    expect((await call(me.GET, "GET", { token: other.access_token })).status).toBe(200);
    await signIn(email, oldPassword);
  });

  it("changes the password: the current session stays, the others end", async () => {
    const response = await call(change.POST, "POST", {
      token: current.access_token,
      body: { current_password: oldPassword, new_password: newPassword },
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ message: "Password changed successfully" });

    expect((await call(me.GET, "GET", { token: current.access_token })).status).toBe(200);
    expect((await call(me.GET, "GET", { cookie: current.cookie })).status).toBe(200);
    const rotated = await call(refresh.POST, "POST", { body: { refresh_token: current.refresh_token } });
    expect(rotated.status).toBe(200);

    expect((await call(me.GET, "GET", { token: other.access_token })).status).toBe(401);
    expect((await call(me.GET, "GET", { cookie: other.cookie })).status).toBe(401);
    expect((await call(refresh.POST, "POST", { body: { refresh_token: other.refresh_token } })).status).toBe(401);
  });

  it("refuses the old password and accepts the new one", async () => {
    const old = await attemptSignIn(email, oldPassword);
    expect(old.status).toBe(401);
    expect(await json(old)).toEqual({ detail: "Incorrect email or password" });
    await signIn(email, newPassword);
  });

  it("works through the browser session cookie too, keeping that session", async () => {
    const browser = await signIn(email, newPassword);
    const response = await call(change.POST, "POST", {
      cookie: browser.cookie,
      body: { current_password: newPassword, new_password: oldPassword },
    });
    expect(response.status).toBe(200);
    expect((await call(me.GET, "GET", { cookie: browser.cookie })).status).toBe(200);
    await signIn(email, oldPassword);
  });
});
