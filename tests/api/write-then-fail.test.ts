// A request that answers an error has written nothing (issue 7): when the mail a request sends cannot be sent,
// the registration, invitation, resend or e-mail change it belonged to is not kept either.
import { renameSync, rmSync, writeFileSync, mkdirSync } from "node:fs";
import { asc } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as register from "@/app/api/v1/auth/register/route";
import * as resend from "@/app/api/v1/invitations/[id]/resend/route";
import * as invitationsRoute from "@/app/api/v1/invitations/route";
import * as userRoute from "@/app/api/v1/users/[id]/route";
import { getDb } from "@/db/client";
import { activityEvents, authTokens, invitations, roles, tenants, users } from "@/db/schema";
import { call, outbox, type CallOptions } from "../support/api";
import { freshIp, invite, registration, roleId, type Organisation } from "../support/accounts";
import { createUser, organisation, superAdmin, type ListedUser } from "../support/admin";

async function everything() {
  const db = await getDb();
  return Promise.all([
    db.select().from(users).orderBy(asc(users.id)),
    db.select().from(tenants).orderBy(asc(tenants.id)),
    db.select().from(roles).orderBy(asc(roles.id)),
    db.select().from(invitations).orderBy(asc(invitations.id)),
    db.select().from(authTokens).orderBy(asc(authTokens.id)),
    db.select().from(activityEvents).orderBy(asc(activityEvents.id)),
  ]);
}

/** Runs the call while the outbox cannot be written (a file stands where its folder should be). */
async function withMailBroken(handler: Parameters<typeof call>[0], method: string, options: CallOptions): Promise<Response> {
  const folder = outbox();
  mkdirSync(folder, { recursive: true });
  renameSync(folder, `${folder}.aside`);
  writeFileSync(folder, "not a folder");
  try {
    return await call(handler, method, options);
  } finally {
    rmSync(folder);
    renameSync(`${folder}.aside`, folder);
  }
}

async function expectNothingWritten(handler: Parameters<typeof call>[0], method: string, options: CallOptions) {
  const before = await everything();
  const response = await withMailBroken(handler, method, options);
  expect(response.status).toBe(500);
  expect(await everything()).toEqual(before);
}

let org: Organisation;
let member: ListedUser;
let tenantUserRole = "";

beforeAll(async () => {
  await superAdmin();
  org = await organisation("Brokenmail");
  member = await createUser(org.admin.access_token, { email: "member@brokenmail.test" });
  tenantUserRole = await roleId(org.admin.access_token, "Tenant User");
});

describe("when the mail cannot be sent", () => {
  it("a registration creates no tenant, user or token", async () => {
    await expectNothingWritten(register.POST, "POST", { body: registration("Unmailed"), ip: freshIp() });
  });

  it("an invitation is not created", async () => {
    await expectNothingWritten(invitationsRoute.POST, "POST", {
      token: org.admin.access_token,
      body: { email: "unmailed@brokenmail.test", role_id: tenantUserRole },
    });
  });

  it("a resend keeps the old link", async () => {
    const { invitation } = await invite(org.admin.access_token, "resent@brokenmail.test", tenantUserRole);
    await expectNothingWritten(resend.POST, "POST", { token: org.admin.access_token, params: { id: invitation.id } });
  });

  it("an e-mail change is not recorded", async () => {
    await expectNothingWritten(userRoute.PUT, "PUT", {
      token: org.admin.access_token,
      params: { id: member.id },
      body: { email: "moved@brokenmail.test", full_name: "Moved Member" },
    });
  });
});
