// The user list computed in SQL (issue 8): its role filter agrees with the role each row shows (accessFromRow:
// role permissions plus global overrides minus revokes, nothing for an inactive user or tenant), super admins stay
// hidden from tenant admins, invited rows merge into one stable order, and the cost of a page is a fixed number
// of statements, whatever the number of users, none reading a password hash.
import { and, eq, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as grantRoute from "@/app/api/v1/users/[id]/permissions/grant/route";
import * as revokeRoute from "@/app/api/v1/users/[id]/permissions/revoke/route";
import * as userRoute from "@/app/api/v1/users/[id]/route";
import * as usersRoute from "@/app/api/v1/users/route";
import { getDb } from "@/db/client";
import { invitations, rolePermissions, roles, userRoles, users } from "@/db/schema";
import { withStatementLog } from "@/db/statement-log";
import { resolveActor } from "@/lib/http/resolve-actor";
import { listUsers } from "@/lib/services/users";
import { userListQuery } from "@/lib/validation/users";
import { call, json } from "../support/api";
import { invite, roleId, setTenantActive, type Organisation } from "../support/accounts";
import { createUser, listOf, organisation, permissionIdOf, superAdmin, type ListedUser } from "../support/admin";

let north: Organisation;
let south: Organisation;
let superToken = "";
const ids: Record<string, string> = {};

type Listed = ListedUser & { created_at: string };

const list = (query: Record<string, string> = {}, token = north.admin.access_token) => listOf<Listed>(usersRoute.GET, { token, query });
const emails = (items: ListedUser[]) => items.map((user) => user.email).sort();

/** Users written straight into the table (no password hashing), `count` of them, as Tenant Users of the tenant. */
async function bulkUsers(tenantId: string, prefix: string, count: number): Promise<void> {
  const db = await getDb();
  const [tenantUser] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.builtin, "tenant_user"), isNull(roles.tenantId)));
  const created = await db
    .insert(users)
    .values(
      Array.from({ length: count }, (_, index) => ({
        tenantId,
        email: `${prefix}-${index}@bulk.test`,
        passwordHash: "not-a-hash",
        fullName: `Bulk ${prefix} ${index}`,
      })),
    )
    .returning({ id: users.id });
  await db.insert(userRoles).values(created.map((user) => ({ userId: user.id, roleId: tenantUser!.id })));
}

async function expectOk(response: Promise<Response>) {
  const answered = await response;
  expect(answered.status, await answered.clone().text()).toBeLessThan(300);
}

beforeAll(async () => {
  superToken = (await superAdmin()).access_token;
  north = await organisation("North");
  south = await organisation("South");
  const token = north.admin.access_token;
  const make = async (email: string, extra: Record<string, unknown> = {}) => {
    ids[email] = (await createUser(token, { email, ...extra })).id;
  };
  await make("plain@north.test");
  await make("granted@north.test");
  await make("revoked@north.test", { role: "tenant_admin" });
  await make("idle-admin@north.test", { role: "tenant_admin", is_active: false });
  await make("custom@north.test");
  await make("local-grant@north.test");
  await make("raised@north.test");
  await make("odd_100%@north.test");
  // Power through overrides, as the permission screens give it.
  const grant = (email: string, body: Record<string, unknown>, as = token) =>
    expectOk(call(grantRoute.POST, "POST", { token: as, params: { id: ids[email]! }, body }));
  await grant("granted@north.test", { permission_name: "user.create" });
  await grant("local-grant@north.test", { permission_name: "user.create", resource: "one-project" });
  await grant("raised@north.test", { permission_name: "tenant.create" }, superToken);
  await expectOk(
    call(revokeRoute.POST, "POST", { token, params: { id: ids["revoked@north.test"]! }, body: { permission_name: "user.create" } }),
  );
  // A role an administrator made, holding user.create, assigned directly.
  const db = await getDb();
  const [custom] = await db.insert(roles).values({ name: "Helpers", tenantId: north.tenantId }).returning({ id: roles.id });
  await db.insert(rolePermissions).values({ roleId: custom!.id, permissionId: await permissionIdOf("user.create") });
  await db.insert(userRoles).values({ userId: ids["custom@north.test"]!, roleId: custom!.id });
  await invite(token, "invited-admin@north.test", await roleId(token, "Tenant Admin"));
  await invite(token, "invited-user@north.test", await roleId(token, "Tenant User"));
  await createUser(south.admin.access_token, { email: "plain@south.test" });
});

describe("role filter in SQL", () => {
  it("agrees with the role each row shows, for every role value, and the three make the whole list", async () => {
    const all = await list({ limit: "500" });
    const byRole = { user: [] as string[], tenant_admin: [] as string[], super_admin: [] as string[] };
    for (const role of ["user", "tenant_admin", "super_admin"] as const) {
      const filtered = await list({ role, limit: "500" });
      expect(filtered.items.every((item) => item.role === role), role).toBe(true);
      expect(filtered.total).toBe(filtered.items.length);
      byRole[role] = emails(filtered.items);
    }
    expect([...byRole.user, ...byRole.tenant_admin].sort()).toEqual(emails(all.items));
    expect(byRole.tenant_admin).toEqual(
      ["admin@north.test", "custom@north.test", "granted@north.test", "invited-admin@north.test"].sort(),
    );
    // A revoke takes user.create away; an inactive user holds nothing; a resource grant is not a global one.
    expect(byRole.user).toEqual(expect.arrayContaining(["revoked@north.test", "idle-admin@north.test", "local-grant@north.test"]));
  });

  it("hides a user raised to super admin by an override from the tenant admin, not from the super admin", async () => {
    expect(emails((await list({ limit: "500" })).items)).not.toContain("raised@north.test");
    expect((await list({ role: "super_admin" })).total).toBe(0);
    const seen = await list({ tenant_id: north.tenantId, role: "super_admin" }, superToken);
    expect(seen.items.map((item) => [item.email, item.role])).toEqual([["raised@north.test", "super_admin"]]);
  });

  it("counts the users of an inactive tenant as holding nothing", async () => {
    await setTenantActive(south.tenantId, false);
    try {
      const admins = await list({ tenant_id: south.tenantId, role: "tenant_admin" }, superToken);
      expect(admins.total).toBe(0);
      const everyone = await list({ tenant_id: south.tenantId, role: "user" }, superToken);
      expect(emails(everyone.items)).toEqual(["admin@south.test", "plain@south.test"]);
    } finally {
      await setTenantActive(south.tenantId, true);
    }
  });
});

describe("each row as the API has always shown it", () => {
  it("a user's row is exactly their detail (GET /users/{id}, whose role is derived in JavaScript), key order included", async () => {
    for (const [token, query] of [
      [north.admin.access_token, { limit: "500" }],
      [superToken, { tenant_id: north.tenantId, limit: "500" }],
    ] as const) {
      const rows = (await list(query, token)).items.filter((item) => item.status !== "invited");
      expect(rows.length).toBeGreaterThanOrEqual(8);
      for (const row of rows) {
        const detail = await call(userRoute.GET, "GET", { token, params: { id: row.id } });
        expect(detail.status).toBe(200);
        expect(JSON.stringify(row), row.email).toBe(JSON.stringify(await json(detail)));
      }
    }
  });

  it("an invited row shows the invitation with its role, key order included", async () => {
    const row = (await list({ status: "invited", search: "invited-admin" })).items[0];
    const db = await getDb();
    const [invitation] = await db.select().from(invitations).where(eq(invitations.email, "invited-admin@north.test"));
    const adminRoleId = await roleId(north.admin.access_token, "Tenant Admin");
    expect(JSON.stringify(row)).toBe(
      JSON.stringify({
        id: invitation!.id,
        tenant_id: north.tenantId,
        tenant_name: "North Organisation",
        email: "invited-admin@north.test",
        full_name: null,
        phone: null,
        address: null,
        is_active: false,
        role: "tenant_admin",
        status: "invited",
        pending_email: null,
        roles: [{ id: adminRoleId, name: "Tenant Admin", tenant_id: north.tenantId, builtin: "tenant_admin" }],
        invitation_id: invitation!.id,
        created_at: invitation!.createdAt.toISOString(),
        updated_at: invitation!.updatedAt.toISOString(),
      }),
    );
  });
});

describe("the page as JSON text made by PostgreSQL", () => {
  /** The route's body as text, as it is sent, with what the page gives as objects for the same query. */
  async function both(query: Record<string, string>, token = north.admin.access_token) {
    const response = await call(usersRoute.GET, "GET", { token, query });
    expect(response.status).toBe(200);
    const actor = await resolveActor(new Request("http://localhost/", { headers: { authorization: `Bearer ${token}` } }));
    const page = await listUsers(actor!, userListQuery.parse(query));
    return { response, text: await response.text(), page };
  }

  it("is byte for byte what JSON.stringify makes of the items, with the headers paginated answers carry", async () => {
    // Characters PostgreSQL and JavaScript must escape alike: quotes, backslash, control characters, non-ASCII.
    const db = await getDb();
    const [odd] = await db
      .insert(users)
      .values({
        tenantId: north.tenantId,
        email: "escapes@north.test",
        passwordHash: "not-a-hash",
        fullName: 'Zoë "Q" back\\slash\ttab\nline\u0001\u001f\u007f \u2028 😀 </script>',
        phone: "+1 (555) 'x'",
      })
      .returning({ id: users.id });
    await db.insert(userRoles).values({ userId: odd!.id, roleId: await roleId(north.admin.access_token, "Tenant User") });
    for (const [query, token] of [
      [{ limit: "500" }, north.admin.access_token],
      [{ status: "invited" }, north.admin.access_token],
      [{ search: "escapes" }, north.admin.access_token],
      [{ tenant_id: north.tenantId, limit: "500" }, superToken],
      [{ limit: "500" }, superToken],
    ] as const) {
      const { response, text, page } = await both(query, token);
      expect(response.headers.get("content-type")).toBe("application/json");
      expect(response.headers.get("x-total-count")).toBe(String(page.total));
      expect(text).toBe(JSON.stringify(page.items));
      expect(page.items.length).toBeGreaterThan(0);
    }
    const { text: all } = await both({ limit: "500" });
    expect(all).toContain('"status":"invited"');
    expect((JSON.parse(all) as Listed[]).find((item) => item.email === "escapes@north.test")?.full_name).toBe(
      'Zoë "Q" back\\slash\ttab\nline\u0001\u001f\u007f \u2028 😀 </script>',
    );
  });

  it("is [] for an empty page, with the total", async () => {
    const past = await both({ offset: "100000" });
    expect(past.text).toBe("[]");
    expect(past.page).toEqual({ items: [], total: Number(past.response.headers.get("x-total-count")) });
    expect(past.page.total).toBeGreaterThan(0);
    const none = await both({ search: "nobody-matches-this" });
    expect(none.text).toBe("[]");
    expect(none.response.headers.get("x-total-count")).toBe("0");
  });
});

describe("search, order and paging in SQL", () => {
  it("takes LIKE wildcards in a search literally", async () => {
    expect(emails((await list({ search: "_100%" })).items)).toEqual(["odd_100%@north.test"]);
    expect((await list({ search: "%" })).items.map((item) => item.email)).toEqual(["odd_100%@north.test"]);
  });

  it("merges invited rows into one order, newest first then by id, stable across pages", async () => {
    const all = (await list({ limit: "500" })).items;
    const keys = all.map((item) => [item.created_at, item.id] as const);
    const sorted = [...keys].sort((a, b) => (a[0] === b[0] ? a[1].localeCompare(b[1]) : b[0].localeCompare(a[0])));
    expect(keys).toEqual(sorted);
    const paged: string[] = [];
    for (let offset = 0; offset < all.length; offset += 3) {
      const page = await list({ limit: "3", offset: String(offset) });
      expect(page.total).toBe(all.length);
      paged.push(...page.items.map((item) => item.id));
    }
    expect(paged).toEqual(all.map((item) => item.id));
    const past = await list({ offset: String(all.length + 10) });
    expect(past).toEqual({ items: [], total: all.length });
    const searched = await list({ search: "north.test", limit: "500" });
    expect(searched.total).toBe(searched.items.length);
    expect(await list({ search: "north.test", offset: "500" })).toEqual({ items: [], total: searched.total });
  });

  it("has the trigram indexes that back the search, on PostgreSQL and on PGlite alike", async () => {
    const db = await getDb();
    const rows = await db.execute<{ indexname: string }>(
      sql`select indexname from pg_indexes where tablename = 'users' and indexdef like '%gin_trgm_ops%' order by indexname`,
    );
    const names = (Array.isArray(rows) ? rows : (rows as unknown as { rows: { indexname: string }[] }).rows).map((row) => row.indexname);
    expect(names).toEqual(["users_email_trgm_idx", "users_full_name_trgm_idx"]);
  });
});

describe("cost of a page", () => {
  async function statementsOf(query: Record<string, string>, token = north.admin.access_token): Promise<string[]> {
    const { result, statements } = await withStatementLog(() => call(usersRoute.GET, "GET", { token, query }));
    expect(result.status).toBe(200);
    return statements.filter((text) => !/^with "actor_session" as \(/.test(text));
  }

  it("is one statement (the page with its users' roles, and the total), the same with 10 or 160 more users, none reading a password hash", async () => {
    const query = { limit: "20", search: "bulk" };
    await bulkUsers(north.tenantId, "first", 10);
    const small = await statementsOf(query);
    await bulkUsers(north.tenantId, "second", 150);
    const large = await statementsOf(query);
    expect(small.length, small.join("\n\n")).toBe(1);
    expect(large.length).toBe(1);
    for (const text of [...small, ...large]) expect(text).not.toMatch(/password_hash/);
    const page = await list(query);
    expect(page.total).toBe(160);
    expect(page.items).toHaveLength(20);
    expect(await statementsOf({ status: "invited" })).toHaveLength(1);
    expect(await statementsOf({ limit: "20" })).toHaveLength(1);
  });
});

describe("search in a large tenant", () => {
  it("past 2,000 users starts from the trigram indexes and finds exactly what a small tenant's search finds", async () => {
    const large = await organisation("Large");
    await bulkUsers(large.tenantId, "crowd", 2_050);
    // Matches by name and by address, in the large tenant and (not to be shown) in another.
    await bulkUsers(large.tenantId, "needle", 3);
    await bulkUsers(north.tenantId, "needle-elsewhere", 2);
    const listLarge = (query: Record<string, string>) => list(query, large.admin.access_token);

    const byName = await listLarge({ limit: "20", search: "BULK NEEDLE" });
    expect(byName.total).toBe(3);
    expect(emails(byName.items)).toEqual(["needle-0@bulk.test", "needle-1@bulk.test", "needle-2@bulk.test"]);
    const byAddress = await listLarge({ limit: "2", search: "needle-1@" });
    expect(byAddress.total).toBe(1);
    expect(emails(byAddress.items)).toEqual(["needle-1@bulk.test"]);
    // Paging, counting and the other filters as on the small path.
    const crowd = await listLarge({ limit: "50", offset: "2000", search: "crowd" });
    expect(crowd.total).toBe(2_050);
    expect(crowd.items).toHaveLength(50);
    expect((await listLarge({ limit: "20", search: "crowd-2049", status: "inactive" })).total).toBe(0);
    expect((await listLarge({ limit: "20", search: "nobody-here" })).items).toEqual([]);
    // The same search in a small tenant finds its own two.
    expect(emails((await list({ limit: "20", search: "needle" })).items)).toEqual(["needle-elsewhere-0@bulk.test", "needle-elsewhere-1@bulk.test"]);
  }, 60_000);
});
