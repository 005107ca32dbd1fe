// Changing an account's e-mail address or password through PUT /users/{id} (issue 7, V5): one's own password
// changes only through /password/change; a new address takes effect only once its owner follows the link mailed
// to it (the old address gets a notice); an administrator's new password for someone else ends their sessions.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as login from "@/app/api/v1/auth/login/route";
import * as me from "@/app/api/v1/auth/me/route";
import * as refresh from "@/app/api/v1/auth/refresh/route";
import * as verifyEmail from "@/app/api/v1/auth/verify-email/route";
import * as userRoute from "@/app/api/v1/users/[id]/route";
import { getDb } from "@/db/client";
import { users } from "@/db/schema";
import { call, json, outbox } from "../support/api";
import { latestMail, linkToken } from "../support/mail";
import { freshIp, mailsTo, signIn, type Organisation, type SignedIn } from "../support/accounts";
import { createUser, organisation, superAdmin, type ListedUser } from "../support/admin";

const SELF_PASSWORD = { detail: "Change your own password with Change Password in Profile Settings; it asks for your current password." };
const ADDRESS_TAKEN = { detail: "This e-mail address is already in use by another account." };

const attemptSignIn = (email: string, password: string) => call(login.POST, "POST", { body: { email, password }, ip: freshIp() });

async function userRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(users).where(eq(users.id, id));
  if (!row) throw new Error(`no user ${id}`);
  return row;
}

/** The token of the newest e-mail-change link mailed to `email`. */
function changeToken(email: string): string {
  const mail = latestMail(outbox(), email, "Confirm your new e-mail address");
  if (!mail) throw new Error(`no confirmation mail to ${email}`);
  return linkToken(mail, "/verify-email");
}

const followLink = (token: string) => call(verifyEmail.POST, "POST", { body: { token } });

let org: Organisation;
let superToken = "";

beforeAll(async () => {
  superToken = (await superAdmin()).access_token;
  org = await organisation("Mailbox");
});

describe("one's own password through PUT /users/{self}", () => {
  it("is refused with 400, and nothing else from that request is written", async () => {
    const other = await signIn(org.email, org.password);
    const before = await userRow(org.admin.user.id);
    const response = await call(userRoute.PUT, "PUT", {
      token: org.admin.access_token,
      params: { id: org.admin.user.id },
      body: { full_name: "Renamed Admin", password: "a-brand-new-password-1" },
    });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual(SELF_PASSWORD);
    expect(await userRow(org.admin.user.id)).toEqual(before);
    expect((await call(me.GET, "GET", { token: other.access_token })).status).toBe(200);
    expect((await attemptSignIn(org.email, "a-brand-new-password-1")).status).toBe(401);
  });

  it("is refused for a super admin too", async () => {
    const self = await superAdmin();
    const response = await call(userRoute.PUT, "PUT", { token: superToken, params: { id: self.user.id }, body: { password: "another-new-password-1" } });
    expect(response.status).toBe(400);
    expect(await json(response)).toEqual(SELF_PASSWORD);
  });

  it("a blank password still means 'keep it'", async () => {
    const response = await call(userRoute.PUT, "PUT", {
      token: org.admin.access_token,
      params: { id: org.admin.user.id },
      body: { full_name: "Mailbox Admin", password: "" },
    });
    expect(response.status).toBe(200);
  });
});

describe("an administrator's new password for another user", () => {
  it("ends every session of that user (bearer, cookie and refresh token), and not the administrator's", async () => {
    const member = await createUser(org.admin.access_token, { email: "reset-by-admin@mailbox.test" });
    const sessions: SignedIn[] = [await signIn(member.email, member.password), await signIn(member.email, member.password, { remember: true })];
    const response = await call(userRoute.PUT, "PUT", {
      token: org.admin.access_token,
      params: { id: member.id },
      body: { password: "set-by-the-admin-1" },
    });
    expect(response.status).toBe(200);
    for (const session of sessions) {
      expect((await call(me.GET, "GET", { token: session.access_token })).status).toBe(401);
      expect((await call(me.GET, "GET", { cookie: session.cookie })).status).toBe(401);
      expect((await call(refresh.POST, "POST", { body: { refresh_token: session.refresh_token } })).status).toBe(401);
    }
    expect((await call(me.GET, "GET", { token: org.admin.access_token })).status).toBe(200);
    expect((await attemptSignIn(member.email, member.password)).status).toBe(401);
    await signIn(member.email, "set-by-the-admin-1");
  });
});

describe("a new e-mail address", () => {
  let member: ListedUser & { password: string };

  beforeAll(async () => {
    member = await createUser(org.admin.access_token, { email: "mover@mailbox.test" });
  });

  it("set by the user: asks for the current password, and a missing or wrong one writes nothing", async () => {
    const session = await signIn(org.email, org.password);
    const before = await userRow(org.admin.user.id);
    const missing = await call(userRoute.PUT, "PUT", {
      token: session.access_token,
      params: { id: org.admin.user.id },
      body: { email: "stolen-session@elsewhere.test", full_name: "Taken Over" },
    });
    expect(missing.status).toBe(422);
    expect(await json(missing)).toEqual({
      detail: [{ loc: ["body", "current_password"], msg: "Current password is required", type: "missing" }],
    });
    const wrong = await call(userRoute.PUT, "PUT", {
      token: session.access_token,
      params: { id: org.admin.user.id },
      body: { email: "stolen-session@elsewhere.test", full_name: "Taken Over", current_password: "not-the-password-1" },
    });
    expect(wrong.status).toBe(400);
    expect(await json(wrong)).toEqual({ detail: "Current password is incorrect" });
    expect(await userRow(org.admin.user.id)).toEqual(before);
    expect(latestMail(outbox(), "stolen-session@elsewhere.test", "Confirm your new e-mail address")).toBeFalsy();
  });

  it("set by the user: waits for verification; the answer shows the current address and pending_email", async () => {
    const session = await signIn(org.email, org.password);
    const response = await call(userRoute.PUT, "PUT", {
      token: session.access_token,
      params: { id: org.admin.user.id },
      body: { email: "New.Admin@Mailbox.test", current_password: org.password },
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ email: org.email, pending_email: "new.admin@mailbox.test" });
    const read = await call(userRoute.GET, "GET", { token: session.access_token, params: { id: org.admin.user.id } });
    expect(await json(read)).toMatchObject({ email: org.email, pending_email: "new.admin@mailbox.test" });

    // Nothing changed yet: the old address signs in, the new one does not.
    expect((await attemptSignIn("new.admin@mailbox.test", org.password)).status).toBe(401);
    await signIn(org.email, org.password);

    // A link to the new address, a notice (no link) to the old one.
    expect(changeToken("new.admin@mailbox.test")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const notice = latestMail(outbox(), org.email, "e-mail address is being changed");
    expect(notice?.body).toContain("new.admin@mailbox.test");
    expect(notice?.body).not.toContain("token=");
  });

  it("takes effect when the link is followed: the new address signs in, the old one no longer", async () => {
    const response = await followLink(changeToken("new.admin@mailbox.test"));
    expect(response.status).toBe(200);
    expect(await json(response)).toEqual({ message: "Your e-mail address is now new.admin@mailbox.test. Use it to sign in." });
    const row = await userRow(org.admin.user.id);
    expect(row).toMatchObject({ email: "new.admin@mailbox.test", pendingEmail: null });
    expect((await attemptSignIn(org.email, org.password)).status).toBe(401);
    await signIn("new.admin@mailbox.test", org.password);
  });

  it("the link works once", async () => {
    const again = await followLink(changeToken("new.admin@mailbox.test"));
    expect(again.status).toBe(400);
    expect(await json(again)).toEqual({ detail: "This verification link has already been used." });
  });

  it("set by an administrator for another user: the same, the link going to the new address", async () => {
    const response = await call(userRoute.PUT, "PUT", {
      token: org.admin.access_token,
      params: { id: member.id },
      body: { email: "moved@mailbox.test", full_name: "Moved Member" },
    });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ email: "mover@mailbox.test", pending_email: "moved@mailbox.test", full_name: "Moved Member" });
    expect(mailsTo("mover@mailbox.test").some((mail) => mail.subject.includes("e-mail address is being changed"))).toBe(true);
    expect((await attemptSignIn("moved@mailbox.test", member.password)).status).toBe(401);
    expect((await followLink(changeToken("moved@mailbox.test"))).status).toBe(200);
    await signIn("moved@mailbox.test", member.password);
  });

  it("sending the current address again changes nothing and mails nothing", async () => {
    const before = mailsTo("moved@mailbox.test").length;
    const response = await call(userRoute.PUT, "PUT", { token: org.admin.access_token, params: { id: member.id }, body: { email: "moved@mailbox.test" } });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ email: "moved@mailbox.test", pending_email: null });
    expect(mailsTo("moved@mailbox.test")).toHaveLength(before);
  });

  it("a newer change voids the earlier link", async () => {
    await call(userRoute.PUT, "PUT", { token: org.admin.access_token, params: { id: member.id }, body: { email: "first-choice@mailbox.test" } });
    const first = changeToken("first-choice@mailbox.test");
    await call(userRoute.PUT, "PUT", { token: org.admin.access_token, params: { id: member.id }, body: { email: "second-choice@mailbox.test" } });
    const stale = await followLink(first);
    expect(stale.status).toBe(400);
    expect((await userRow(member.id)).email).toBe("moved@mailbox.test");
    expect((await followLink(changeToken("second-choice@mailbox.test"))).status).toBe(200);
    expect((await userRow(member.id)).email).toBe("second-choice@mailbox.test");
  });

  it("answers 409 at verification when the address was taken meanwhile, and changes nothing", async () => {
    const other = await createUser(org.admin.access_token, { email: "contested-owner@mailbox.test" });
    await call(userRoute.PUT, "PUT", { token: org.admin.access_token, params: { id: member.id }, body: { email: "contested@mailbox.test" } });
    const token = changeToken("contested@mailbox.test");
    // Someone else takes the address first (their own change, verified).
    await call(userRoute.PUT, "PUT", { token: org.admin.access_token, params: { id: other.id }, body: { email: "contested@mailbox.test" } });
    expect((await followLink(changeToken("contested@mailbox.test"))).status).toBe(200);
    const before = await userRow(member.id);
    const late = await followLink(token);
    expect(late.status).toBe(409);
    expect(await json(late)).toEqual(ADDRESS_TAKEN);
    expect(await userRow(member.id)).toEqual(before);
  });

  it("an address a tenant admin can see in their own tenant is refused at once with 409", async () => {
    const response = await call(userRoute.PUT, "PUT", { token: org.admin.access_token, params: { id: member.id }, body: { email: "contested@mailbox.test" } });
    expect(response.status).toBe(409);
  });

  it("a super admin's change of someone's address also waits for verification", async () => {
    const response = await call(userRoute.PUT, "PUT", { token: superToken, params: { id: member.id }, body: { email: "by-super@mailbox.test" } });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ email: "second-choice@mailbox.test", pending_email: "by-super@mailbox.test" });
  });
});
