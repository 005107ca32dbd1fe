// Users per tenant kept by triggers (tenant_user_counts, migration 0005) and the user list's totals built on them
// (issue 8): after every kind of change (create, invite, accept, revoke, expiry, deactivate, reactivate, move,
// promotion to super admin, delete, tenant deletion, bulk SQL, concurrent writers) the kept counts equal a real
// count of the users table, and every total the list answers (each status and role filter, for a tenant admin and
// for the super admin with and without a tenant filter) equals the number of rows it lists.
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as invitationRoute from "@/app/api/v1/invitations/[id]/route";
import * as tenantRoute from "@/app/api/v1/tenants/[id]/route";
import * as tenantsRoute from "@/app/api/v1/tenants/route";
import * as dashboardStatsRoute from "@/app/api/v1/dashboard/stats/route";
import * as grantRoute from "@/app/api/v1/users/[id]/permissions/grant/route";
import * as userRoute from "@/app/api/v1/users/[id]/route";
import * as usersRoute from "@/app/api/v1/users/route";
import { database, getDb } from "@/db/client";
import { invitations, roles, tenantUserCounts, userRoles, users } from "@/db/schema";
import { call, json } from "../support/api";
import { acceptInvitation, invite, registerOrganisation, roleId, setTenantActive, type Organisation } from "../support/accounts";
import { createUser, listOf, organisation, superAdmin, type ListedUser } from "../support/admin";

let north: Organisation;
let south: Organisation;
let superToken = "";

const STATUSES = ["all", "active", "inactive", "invited"] as const;
const ROLES = ["all", "user", "tenant_admin", "super_admin"] as const;

beforeAll(async () => {
  superToken = (await superAdmin()).access_token;
  north = await organisation("Northcount");
  south = await organisation("Southcount");
});

const list = (query: Record<string, string>, token = north.admin.access_token) => listOf<ListedUser>(usersRoute.GET, { token, query });

/** The kept counts of the tenants that have some, and a real count of the users table, per tenant. */
async function keptAndReal() {
  const db = await getDb();
  const kept = await db.select().from(tenantUserCounts);
  const real = await db
    .select({
      tenantId: users.tenantId,
      activeUsers: sql<number>`count(*) filter (where ${users.isActive})`.mapWith(Number),
      inactiveUsers: sql<number>`count(*) filter (where not ${users.isActive})`.mapWith(Number),
    })
    .from(users)
    .groupBy(users.tenantId);
  const byTenant = (rows: TenantCount[]) => [...rows].sort((a, b) => a.tenantId.localeCompare(b.tenantId));
  // A tenant whose users are all gone keeps a row of zeros.
  return { kept: byTenant(kept.filter((row) => row.activeUsers !== 0 || row.inactiveUsers !== 0)), real: byTenant(real), all: kept };
}

interface TenantCount {
  tenantId: string;
  activeUsers: number;
  inactiveUsers: number;
}

async function expectCountsExact(when: string) {
  const { kept, real, all } = await keptAndReal();
  expect(kept, when).toEqual(real);
  expect(all.every((row) => row.activeUsers >= 0 && row.inactiveUsers >= 0), when).toBe(true);
}

/** Every status and role filter: the total equals the rows listed (all of them fit in one page here). */
async function expectTotalsExact(when: string) {
  const viewers: [string, string, Record<string, string>][] = [
    ["tenant admin", north.admin.access_token, {}],
    ["super admin, one tenant", superToken, { tenant_id: north.tenantId }],
    ["super admin, all tenants", superToken, {}],
  ];
  for (const [viewer, token, scope] of viewers) {
    for (const status of STATUSES) {
      for (const role of ROLES) {
        const listed = await list({ ...scope, status, role, limit: "500" }, token);
        expect(listed.total, `${when}: ${viewer}, status ${status}, role ${role}`).toBe(listed.items.length);
      }
    }
  }
}

async function expectExact(when: string) {
  await expectCountsExact(when);
  await expectTotalsExact(when);
}

async function tenantUserRoleId(): Promise<string> {
  const db = await getDb();
  const [role] = await db.select({ id: roles.id }).from(roles).where(and(eq(roles.builtin, "tenant_user"), isNull(roles.tenantId)));
  if (!role) throw new Error("no Tenant User role");
  return role.id;
}

/** Users written straight into the table in one statement (no password hashing), as Tenant Users. */
async function insertUsers(tenantId: string, prefix: string, count: number, isActive = true): Promise<string[]> {
  const db = await getDb();
  const created = await db
    .insert(users)
    .values(Array.from({ length: count }, (_, index) => ({ tenantId, email: `${prefix}-${index}@count.test`, passwordHash: "not-a-hash", isActive })))
    .returning({ id: users.id });
  const roleIdValue = await tenantUserRoleId();
  await db.insert(userRoles).values(created.map((user) => ({ userId: user.id, roleId: roleIdValue })));
  return created.map((user) => user.id);
}

async function northTotal(query: Record<string, string> = {}): Promise<number> {
  return (await list({ limit: "1", ...query })).total;
}

describe("the kept counts and the list's totals follow every change", () => {
  it("start exact: the migration counted the users already there, and new tenants count theirs", async () => {
    await expectExact("at the start");
    const db = await getDb();
    const [row] = await db.select().from(tenantUserCounts).where(eq(tenantUserCounts.tenantId, north.tenantId));
    expect(row).toMatchObject({ activeUsers: 1, inactiveUsers: 0 });
  });

  it("creation by an administrator, active and inactive", async () => {
    const before = await northTotal();
    await createUser(north.admin.access_token, { email: "active-one@northcount.test" });
    await createUser(north.admin.access_token, { email: "idle-one@northcount.test", is_active: false });
    await createUser(north.admin.access_token, { email: "admin-two@northcount.test", role: "tenant_admin" });
    expect(await northTotal()).toBe(before + 3);
    expect(await northTotal({ status: "inactive" })).toBe(1);
    await expectExact("after creation");
  });

  it("an invitation (pending, then expired, accepted or revoked)", async () => {
    const admin = north.admin.access_token;
    const tenantUser = await roleId(admin, "Tenant User");
    const before = await northTotal();
    const accepted = await invite(admin, "joiner@northcount.test", tenantUser);
    const revoked = await invite(admin, "never@northcount.test", tenantUser);
    const expired = await invite(admin, "late@northcount.test", await roleId(admin, "Tenant Admin"));
    expect(await northTotal()).toBe(before + 3);
    expect(await northTotal({ status: "invited" })).toBe(3);
    await expectExact("with pending invitations");

    // An expired invitation still shows as an 'invited' row, as before the counts were kept.
    const db = await getDb();
    await db.update(invitations).set({ expiresAt: new Date(Date.now() - 60_000) }).where(eq(invitations.id, expired.invitation.id));
    expect(await northTotal()).toBe(before + 3);
    await expectExact("with an expired invitation");

    // Accepted: the invited row becomes a user row.
    expect((await acceptInvitation(accepted.token, "Join Er", "joiner-password-1")).status).toBe(200);
    expect(await northTotal()).toBe(before + 3);
    expect(await northTotal({ status: "invited" })).toBe(2);
    await expectExact("after an acceptance");

    const revoke = await call(invitationRoute.DELETE, "DELETE", { token: admin, params: { id: revoked.invitation.id } });
    expect(revoke.status, await revoke.clone().text()).toBeLessThan(300);
    expect(await northTotal()).toBe(before + 2);
    await expectExact("after a revocation");
  });

  it("deactivation and reactivation", async () => {
    const { id } = await createUser(north.admin.access_token, { email: "flip@northcount.test" });
    const inactive = await northTotal({ status: "inactive" });
    const put = (isActive: boolean) => call(userRoute.PUT, "PUT", { token: north.admin.access_token, params: { id }, body: { is_active: isActive } });
    expect((await put(false)).status).toBe(200);
    expect(await northTotal({ status: "inactive" })).toBe(inactive + 1);
    await expectExact("after a deactivation");
    expect((await put(true)).status).toBe(200);
    expect(await northTotal({ status: "inactive" })).toBe(inactive);
    await expectExact("after a reactivation");
  });

  it("a move to another tenant, and an edit that changes neither state nor tenant", async () => {
    const { id } = await createUser(north.admin.access_token, { email: "mover@northcount.test", is_active: false });
    const [northBefore, southBefore] = [await northTotal(), (await list({ limit: "1" }, south.admin.access_token)).total];
    const moved = await call(userRoute.PUT, "PUT", { token: superToken, params: { id }, body: { tenant_id: south.tenantId } });
    expect(moved.status, await moved.clone().text()).toBe(200);
    expect(await northTotal()).toBe(northBefore - 1);
    expect((await list({ limit: "1" }, south.admin.access_token)).total).toBe(southBefore + 1);
    await expectExact("after a move");
    const renamed = await call(userRoute.PUT, "PUT", { token: superToken, params: { id }, body: { full_name: "Moved Person" } });
    expect(renamed.status).toBe(200);
    await expectExact("after a rename");
  });

  it("promotion to super admin (by role or by a tenant.create grant) hides the user from the tenant admin's totals", async () => {
    const byRole = await createUser(north.admin.access_token, { email: "promoted@northcount.test" });
    const byGrant = await createUser(north.admin.access_token, { email: "granted@northcount.test" });
    const before = await northTotal();
    const promoted = await call(userRoute.PUT, "PUT", { token: superToken, params: { id: byRole.id }, body: { role: "super_admin" } });
    expect(promoted.status, await promoted.clone().text()).toBe(200);
    const granted = await call(grantRoute.POST, "POST", { token: superToken, params: { id: byGrant.id }, body: { permission_name: "tenant.create" } });
    expect(granted.status, await granted.clone().text()).toBeLessThan(300);
    expect(await northTotal()).toBe(before - 2);
    expect((await list({ tenant_id: north.tenantId, role: "super_admin", limit: "500" }, superToken)).total).toBe(2);
    await expectExact("after promotions");
    // In an inactive tenant nobody holds anything: the super admins show again, as plain users.
    await setTenantActive(north.tenantId, false);
    try {
      await expectCountsExact("with the tenant inactive");
      const everyone = await list({ tenant_id: north.tenantId, limit: "500" }, superToken);
      expect(everyone.total).toBe(everyone.items.length);
      const userRows = everyone.items.filter((item) => item.status !== "invited");
      expect(userRows.every((item) => item.role === "user")).toBe(true);
      expect((await list({ tenant_id: north.tenantId, role: "user", limit: "500" }, superToken)).total).toBe(userRows.length);
      expect((await list({ tenant_id: north.tenantId, role: "super_admin", limit: "500" }, superToken)).total).toBe(0);
    } finally {
      await setTenantActive(north.tenantId, true);
    }
    await expectExact("with the tenant active again");
  });

  it("deletion of a user", async () => {
    const { id } = await createUser(north.admin.access_token, { email: "leaver@northcount.test" });
    const before = await northTotal();
    const removed = await call(userRoute.DELETE, "DELETE", { token: north.admin.access_token, params: { id } });
    expect(removed.status, await removed.clone().text()).toBeLessThan(300);
    expect(await northTotal()).toBe(before - 1);
    await expectExact("after a deletion");
  });

  it("bulk SQL: inserts, an update of many rows, deletes", async () => {
    const before = await northTotal();
    const ids = await insertUsers(north.tenantId, "bulk", 40);
    await insertUsers(north.tenantId, "bulk-idle", 7, false);
    expect(await northTotal()).toBe(before + 47);
    await expectCountsExact("after bulk inserts");
    const db = await getDb();
    await db.update(users).set({ isActive: false }).where(sql`${users.email} like 'bulk-%'`);
    expect(await northTotal({ status: "inactive" })).toBeGreaterThanOrEqual(47);
    await expectExact("after a bulk update");
    await db.delete(users).where(inArray(users.id, ids.slice(0, 25)));
    expect(await northTotal()).toBe(before + 22);
    await expectExact("after a bulk delete");
  });

  it("concurrent writers in one tenant: transactions that insert, deactivate and delete at the same time", async () => {
    const db = await getDb();
    const doomed = await insertUsers(north.tenantId, "doomed", 5);
    const sleepy = await insertUsers(north.tenantId, "sleepy", 4);
    const [before, inactiveBefore] = [await northTotal(), await northTotal({ status: "inactive" })];
    // Each transaction holds its change a moment before committing, so on PostgreSQL they overlap.
    const writers = [
      ...Array.from({ length: 6 }, (_, index) =>
        db.transaction(async (tx) => {
          await tx.insert(users).values(
            Array.from({ length: 3 }, (_, n) => ({ tenantId: north.tenantId, email: `racer-${index}-${n}@count.test`, passwordHash: "not-a-hash" })),
          );
          await tx.execute(sql`select pg_sleep(0.02)`);
        }),
      ),
      db.transaction(async (tx) => {
        await tx.delete(users).where(inArray(users.id, doomed));
        await tx.execute(sql`select pg_sleep(0.02)`);
      }),
      db.transaction(async (tx) => {
        await tx.update(users).set({ isActive: false }).where(inArray(users.id, sleepy));
        await tx.execute(sql`select pg_sleep(0.02)`);
      }),
      ...["a", "b", "c"].map((name) => createUser(north.admin.access_token, { email: `racer-${name}@northcount.test` })),
    ];
    await Promise.all(writers);
    expect(await northTotal()).toBe(before + 18 + 3 - 5);
    expect(await northTotal({ status: "inactive" })).toBe(inactiveBefore + 4);
    await expectExact("after concurrent writers");
  });

  it("a writer that fails changes no count", async () => {
    const { kept: before } = await keptAndReal();
    const db = await getDb();
    await expect(
      db.transaction(async (tx) => {
        await tx.insert(users).values({ tenantId: north.tenantId, email: "ghost@count.test", passwordHash: "not-a-hash" });
        throw new Error("rolled back");
      }),
    ).rejects.toThrow("rolled back");
    const { kept, real } = await keptAndReal();
    expect(kept).toEqual(before);
    expect(real).toEqual(before);
  });

  it("deletion of a tenant with its users removes its counts and leaves the others exact", async () => {
    const gone = await organisation("Gonecount");
    await createUser(gone.admin.access_token, { email: "one@gonecount.test" });
    await insertUsers(gone.tenantId, "gone", 12);
    await expectCountsExact("before the tenant's deletion");
    const removed = await call(tenantRoute.DELETE, "DELETE", { token: superToken, params: { id: gone.tenantId } });
    expect(removed.status, await removed.clone().text()).toBeLessThan(300);
    const db = await getDb();
    expect(await db.select().from(tenantUserCounts).where(eq(tenantUserCounts.tenantId, gone.tenantId))).toEqual([]);
    await expectExact("after a tenant's deletion");
  });
});

describe("what reads the kept counts", () => {
  it("the tenant list, a tenant's detail and the dashboards show the same numbers as a real count", async () => {
    const { real } = await keptAndReal();
    const realOf = (tenantId: string): TenantCount => real.find((row) => row.tenantId === tenantId) ?? { tenantId, activeUsers: 0, inactiveUsers: 0 };
    const north_ = realOf(north.tenantId);
    const tenantsList = await listOf<{ id: string; user_count: number }>(tenantsRoute.GET, { token: superToken, query: { limit: "500" } });
    for (const item of tenantsList.items) {
      const counted = realOf(item.id);
      expect(item.user_count, item.id).toBe(counted.activeUsers + counted.inactiveUsers);
    }
    const detail = await json<{ user_count: number }>(await call(tenantRoute.GET, "GET", { token: superToken, params: { id: north.tenantId } }));
    expect(detail.user_count).toBe(north_.activeUsers + north_.inactiveUsers);
    const tenantDashboard = await json<{ total_users: number; active_users: number }>(
      await call(dashboardStatsRoute.GET, "GET", { token: north.admin.access_token }),
    );
    expect(tenantDashboard).toMatchObject({ total_users: north_.activeUsers + north_.inactiveUsers, active_users: north_.activeUsers });
    const system = await json<{ total_users: number; active_users: number }>(await call(dashboardStatsRoute.GET, "GET", { token: superToken }));
    expect(system).toMatchObject({
      total_users: real.reduce((sum, row) => sum + row.activeUsers + row.inactiveUsers, 0),
      active_users: real.reduce((sum, row) => sum + row.activeUsers, 0),
    });
  });

  it("the tenant list shows each tenant byte for byte as its detail does (the list's rows are made in SQL)", async () => {
    await registerOrganisation("Pendingcount");
    await setTenantActive(south.tenantId, false);
    try {
      const listed = await listOf<{ id: string; status: string }>(tenantsRoute.GET, { token: superToken, query: { limit: "500" } });
      expect(new Set(listed.items.map((item) => item.status))).toEqual(new Set(["active", "inactive", "pending_approval"]));
      for (const item of listed.items) {
        const detail = await call(tenantRoute.GET, "GET", { token: superToken, params: { id: item.id } });
        expect(JSON.stringify(item)).toBe(JSON.stringify(await json(detail)));
      }
    } finally {
      await setTenantActive(south.tenantId, true);
    }
  });

  it("the unsearched total is read from the kept count, not by counting the tenant's users", async () => {
    const handle = await database();
    const before = await northTotal();
    // Off by 1,000 on purpose, then put back: a total computed by counting rows would not move.
    await handle.query("update tenant_user_counts set active_users = active_users + 1000 where tenant_id = $1", [north.tenantId]);
    try {
      expect(await northTotal()).toBe(before + 1000);
      // A search counts the matching rows themselves.
      const searched = await list({ limit: "500", search: "northcount.test" });
      expect(searched.total).toBe(searched.items.length);
    } finally {
      await handle.query("update tenant_user_counts set active_users = active_users - 1000 where tenant_id = $1", [north.tenantId]);
    }
    expect(await northTotal()).toBe(before);
  });
});
