// Abuse limits answer 429 with a clear message and Retry-After: sign-in per address and network (with a looser
// ceiling per address, so one attacker cannot lock a user out from every network) and per IP, registration,
// password reset requests and invitation links.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as login from "@/app/api/v1/auth/login/route";
import * as register from "@/app/api/v1/auth/register/route";
import * as acceptInvitation from "@/app/api/v1/invitations/accept/route";
import * as verifyInvitation from "@/app/api/v1/invitations/verify/[token]/route";
import * as requestReset from "@/app/api/v1/password/request-reset/route";
import { stopJobQueue } from "@/lib/jobs/queue";
import { PASSWORD_RESET_JOB } from "@/lib/services/auth";
import { call, json } from "../support/api";
import { approvedOrganisation, freshIp, invite, invitedMember, mailsTo, registration, roleId, signIn, type Organisation } from "../support/accounts";
import { jobsSettle, mailsArrive } from "../support/wait";

const SIGN_IN_LIMITED = "Too many sign-in attempts. Please try again in 15 minutes.";
const REGISTRATION_LIMITED = "Too many registration attempts. Please try again in 60 minutes.";
const RESET_LIMITED = "Too many password reset requests. Please try again in 60 minutes.";
const INVITATION_LIMITED = "Too many invitation attempts. Please try again in 15 minutes.";

/** 429 with the message, and a Retry-After (seconds) within the limit's window. */
async function expectLimited(response: Response, message: string, windowSeconds: number): Promise<void> {
  expect(response.status).toBe(429);
  expect(await json(response)).toEqual({ detail: message });
  const retryAfter = Number(response.headers.get("retry-after"));
  expect(retryAfter).toBeGreaterThan(windowSeconds - 60);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

const attemptSignIn = (email: string, password: string, ip = freshIp()) => call(login.POST, "POST", { body: { email, password }, ip });

let organisation: Organisation;

beforeAll(async () => {
  organisation = await approvedOrganisation("Limits");
});

// Reset links are mailed by a job worker that the first reset request starts in this process.
afterAll(async () => {
  await stopJobQueue();
});

describe("sign-in", () => {
  it("allows 10 attempts per address from one network in 15 minutes; the 11th from there is refused even with the right password", async () => {
    const member = await invitedMember(organisation, "guessed@limits.test");
    const attacker = "203.0.113.61";
    for (let attempt = 1; attempt <= 10; attempt += 1) {
      expect((await attemptSignIn("guessed@limits.test", `wrong-guess-${attempt}`, attacker)).status).toBe(401);
    }
    await expectLimited(await attemptSignIn("guessed@limits.test", member.password, attacker), SIGN_IN_LIMITED, 15 * 60);
    // The address counts however it is written.
    await expectLimited(await attemptSignIn("Guessed@LIMITS.test", member.password, attacker), SIGN_IN_LIMITED, 15 * 60);
    // Other addresses are not affected.
    await signIn(organisation.email, organisation.password, { ip: attacker });
  });

  it("does not lock the user out from every network: the owner still signs in from their own", async () => {
    const member = await invitedMember(organisation, "targeted@limits.test");
    const attacker = "203.0.113.63";
    for (let attempt = 1; attempt <= 12; attempt += 1) {
      await attemptSignIn("targeted@limits.test", `wrong-guess-${attempt}`, attacker);
    }
    await expectLimited(await attemptSignIn("targeted@limits.test", member.password, attacker), SIGN_IN_LIMITED, 15 * 60);
    await signIn("targeted@limits.test", member.password, { ip: "198.51.100.64" });
  });

  it("keeps a looser ceiling per address across networks: 100 attempts in 15 minutes, then refused from anywhere", async () => {
    const member = await invitedMember(organisation, "sprayed-from-everywhere@limits.test");
    for (let attempt = 1; attempt <= 100; attempt += 1) {
      expect((await attemptSignIn("sprayed-from-everywhere@limits.test", `wrong-guess-${attempt}`)).status).toBe(401);
    }
    await expectLimited(await attemptSignIn("sprayed-from-everywhere@limits.test", member.password), SIGN_IN_LIMITED, 15 * 60);
  });

  it("forgets an address's failed attempts from a network once it signs in from there", async () => {
    const member = await invitedMember(organisation, "forgetful@limits.test");
    const home = "203.0.113.65";
    for (let attempt = 1; attempt <= 9; attempt += 1) {
      expect((await attemptSignIn("forgetful@limits.test", `wrong-guess-${attempt}`, home)).status).toBe(401);
    }
    await signIn("forgetful@limits.test", member.password, { ip: home });
    expect((await attemptSignIn("forgetful@limits.test", "wrong-guess-10", home)).status).toBe(401);
    expect((await attemptSignIn("forgetful@limits.test", "wrong-guess-11", home)).status).toBe(401);
  });

  it("allows 50 attempts per IP in 15 minutes, across addresses; the 51st is refused", async () => {
    const ip = "203.0.113.51";
    for (let attempt = 1; attempt <= 50; attempt += 1) {
      expect((await attemptSignIn(`sprayed-${attempt}@limits.test`, "password-spray", ip)).status).toBe(401);
    }
    await expectLimited(await attemptSignIn(organisation.email, organisation.password, ip), SIGN_IN_LIMITED, 15 * 60);
    // The same account from another address signs in.
    await signIn(organisation.email, organisation.password, { ip: "203.0.113.52" });
  });
});

describe("registration", () => {
  it("allows 5 attempts per address in an hour", async () => {
    const payload = registration("Repeat");
    // A registered address is answered like a new one (issue 7, W3), and every attempt counts.
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await call(register.POST, "POST", { body: payload, ip: freshIp() })).status).toBe(201);
    }
    await expectLimited(await call(register.POST, "POST", { body: payload, ip: freshIp() }), REGISTRATION_LIMITED, 60 * 60);
  });

  it("allows 20 attempts per IP in an hour, across addresses", async () => {
    const ip = "203.0.113.20";
    // Every attempt names a domain that is already taken, so none creates a tenant; each still counts.
    const taken = { ...registration("Domainowner"), domain: "taken.test" };
    expect((await call(register.POST, "POST", { body: taken, ip: freshIp() })).status).toBe(201);
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      const response = await call(register.POST, "POST", { body: { ...registration(`Squatter${attempt}`), domain: "taken.test" }, ip });
      expect(response.status).toBe(409);
    }
    await expectLimited(await call(register.POST, "POST", { body: registration("Latecomer"), ip }), REGISTRATION_LIMITED, 60 * 60);
    expect(mailsTo(registration("Latecomer").admin_email)).toHaveLength(0);
    expect((await call(register.POST, "POST", { body: registration("Latecomer"), ip: freshIp() })).status).toBe(201);
  });

  it("does not count input that fails validation", async () => {
    const ip = "203.0.113.21";
    for (let attempt = 1; attempt <= 21; attempt += 1) {
      expect((await call(register.POST, "POST", { body: {}, ip })).status).toBe(422);
    }
  });
});

describe("password reset requests", () => {
  it("allows 5 requests per address in an hour; only those 5 are mailed", async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await call(requestReset.POST, "POST", { body: { email: organisation.email }, ip: freshIp() })).status).toBe(200);
    }
    await expectLimited(await call(requestReset.POST, "POST", { body: { email: organisation.email }, ip: freshIp() }), RESET_LIMITED, 60 * 60);
    await mailsArrive(organisation.email, "Reset", 5);
    await jobsSettle(PASSWORD_RESET_JOB);
    expect(mailsTo(organisation.email).filter((mail) => mail.subject.includes("Reset"))).toHaveLength(5);
  });

  it("limits an unknown address the same way, so the limit reveals nothing", async () => {
    for (let attempt = 1; attempt <= 5; attempt += 1) {
      expect((await call(requestReset.POST, "POST", { body: { email: "ghost@limits.test" }, ip: freshIp() })).status).toBe(200);
    }
    await expectLimited(await call(requestReset.POST, "POST", { body: { email: "ghost@limits.test" }, ip: freshIp() }), RESET_LIMITED, 60 * 60);
  });

  it("allows 20 requests per IP in an hour, across addresses", async () => {
    const ip = "203.0.113.30";
    for (let attempt = 1; attempt <= 20; attempt += 1) {
      expect((await call(requestReset.POST, "POST", { body: { email: `someone-${attempt}@limits.test` }, ip })).status).toBe(200);
    }
    await expectLimited(await call(requestReset.POST, "POST", { body: { email: "someone-else@limits.test" }, ip }), RESET_LIMITED, 60 * 60);
  });
});

describe("invitation links", () => {
  it("allows 30 invitation checks per IP in 15 minutes; then verify and accept are refused from that IP", async () => {
    const { token } = await invite(organisation.admin.access_token, "invitee@limits.test", await roleId(organisation.admin.access_token, "Tenant User"));
    const ip = "203.0.113.40";
    for (let attempt = 1; attempt <= 30; attempt += 1) {
      const response = await call(verifyInvitation.GET, "GET", { params: { token: randomBytes(32).toString("base64url") }, ip });
      expect(response.status).toBe(404);
    }
    await expectLimited(await call(verifyInvitation.GET, "GET", { params: { token }, ip }), INVITATION_LIMITED, 15 * 60);
    await expectLimited(
      await call(acceptInvitation.POST, "POST", { body: { token, full_name: "In Vitee", password: "invitee-password" }, ip }),
      INVITATION_LIMITED,
      15 * 60,
    );
    // The invitation itself is untouched: from another address it still works.
    expect((await call(verifyInvitation.GET, "GET", { params: { token }, ip: freshIp() })).status).toBe(200);
  });
});
