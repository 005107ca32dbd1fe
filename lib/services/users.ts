// User administration: list (with pending invitations as 'invited' rows), create, edit, delete, in the
// actor's reach (super admin: everyone; tenant admin: their tenant; anyone: themselves).
import { and, desc, eq, ilike, isNull, ne, or, sql, type Placeholder, type SQL } from "drizzle-orm";
import { unionAll } from "drizzle-orm/pg-core";
import { getDb, GENERIC_PLAN, type Db, type Tx } from "@/db/client";
import { cachedListPage, itemsOfListPage, type ListPage } from "@/lib/services/list-cache";
import { invitations, permissions, refreshTokens, rolePermissions, roles, tenantUserCounts, tenants, userPermissionOverrides, userRoles, users } from "@/db/schema";
import { isSuperAdmin, type Actor } from "@/lib/auth/actor";
import { assertPasswordAllowed } from "@/lib/auth/password-policy";
import { hashPassword, verifyPassword } from "@/lib/auth/passwords";
import { consume } from "@/lib/auth/rate-limit";
import { EMAIL_VERIFICATION_TTL_MS } from "@/lib/auth/tokens";
import {
  BUILTIN_OF_ROLE_KEY,
  BUILTIN_ROLE_NAMES,
  type PermissionName,
  type RoleBuiltin,
  type RoleKey,
} from "@/lib/auth/permissions";
import { BadRequest, Conflict, Forbidden, NotFound, ValidationFailed } from "@/lib/errors";
import type { PageResult } from "@/lib/http/pagination";
import type { z } from "zod";
import type { userCreateInput, userListQuery, userUpdateInput } from "@/lib/validation/users";
import { loadUserAccess, userOut, type RoleSummary, type UserAccess, type UserOut } from "./access";
import { sendMail, type MailMessage } from "@/lib/mail/transport";
import { emailChangeMail, emailChangeNoticeMail } from "@/lib/mail/templates";
import { recordActivity } from "./activity";
import { AUTH_MESSAGES, isUniqueViolation, issueEmailToken } from "./auth";
import { iso } from "./json-text";
import { listTenantFilter, targetTenant } from "./tenancy";

export const USER_MESSAGES = {
  notFound: "User not found",
  emailTaken: "A user with this email already exists",
  selfDelete: "You cannot delete your own account",
  selfDeactivate: "You cannot deactivate your own account",
  roleNotAllowed: "You cannot assign this role",
  roleChange: "Only a super admin can change a user's role",
  moveTenant: "Only a super admin can move a user to another tenant",
  aboveYou: "You cannot manage a user who holds permissions you do not hold",
  ownPassword: "Change your own password with Change Password in Profile Settings; it asks for your current password.",
} as const;

export interface UserListItem extends Omit<UserOut, "status"> {
  status: "active" | "inactive" | "invited";
  /** A new address waiting for its owner to confirm it; the account keeps `email` until then. */
  pending_email?: string | null;
  roles: RoleSummary[];
  /** Set on 'invited' rows: the pending invitation behind it (revoke or resend). */
  invitation_id: string | null;
}

type Executor = Tx | Awaited<ReturnType<typeof getDb>>;

function listItem(access: UserAccess): UserListItem {
  return { ...userOut(access), pending_email: access.user.pendingEmail, roles: access.roles, invitation_id: null };
}

/** The user as just written, read in the writing transaction: the answer cannot fail once the write is made. */
async function writtenUser(tx: Tx, userId: string): Promise<UserListItem> {
  const access = await loadUserAccess(tx, userId);
  if (!access) throw new Error(`user ${userId} vanished inside its own transaction`);
  return listItem(access);
}

/** A LIKE pattern matching the text anywhere, with LIKE's own wildcards in it taken literally. */
function containing(text: string): string {
  return `%${text.replace(/[\\%_]/g, "\\$&")}%`;
}

/**
 * The sets the role tests probe, as two CTEs at the head of each list statement: planned and computed once per
 * statement however many tests read them, and only by the statements that read them. Super admin candidates hold
 * tenant.create after overrides (through a role unless a global override revokes it, or by a global grant) or the
 * global built-in Super Admin role; tenant admin candidates hold user.create after overrides and are not super
 * admin candidates.
 *
 * Each part is gathered into an array first and unnested: PostgreSQL sizes a set's hash table by its estimate, and
 * knowing only how many users hold a role on average (a role held by 100,000 users makes that thousands), it set
 * up megabytes of hash tables on every run for a handful of ids, which cost more than the rest of the list's
 * statements; from an unnested array it expects a hundred rows.
 */
function holderSets(db: Db, byTenant: boolean) {
  // The granting roles first (a handful), then their holders through user_roles_role_idx, one index scan per role:
  // LATERAL with OFFSET 0 keeps PostgreSQL from flattening it into a hash join over all of user_roles. The holders
  // are not narrowed to the tenant in scope: a lookup per holder made PostgreSQL set up a cache for the 300,000
  // lookups it expected (35 ms per run). The roles are, for one tenant's list: its users can hold only its own
  // roles and the global ones, and finding the granting roles among every tenant's role_permissions (a scan of all
  // of them) grew with the number of tenants; holders of a global role in other tenants only add ids no row of this
  // list matches. Each of those roles is looked up in role_permissions by its key (LATERAL with OFFSET 0 again: as
  // a join, PostgreSQL read every role_permissions row into a hash table).
  const granting = (permission: PermissionName) =>
    byTenant
      ? sql`select ${roles.id} as role_id from ${roles}
        cross join lateral (select 1 from ${rolePermissions} where ${rolePermissions.roleId} = ${roles.id}
          and ${rolePermissions.permissionId} = (select ${permissions.id} from ${permissions} where ${permissions.name} = ${permission}) offset 0) as grants
        where ${roles.tenantId} = ${sql.placeholder("tenantId")} or ${roles.tenantId} is null`
      : sql`select ${rolePermissions.roleId} as role_id from ${rolePermissions}
        inner join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId} where ${permissions.name} = ${permission}`;
  const viaRoles = (permission: PermissionName) => sql`select unnest(array(select holder.user_id
    from (${granting(permission)}) as granting
    cross join lateral (select ${userRoles.userId} as user_id from ${userRoles} where ${userRoles.roleId} = granting.role_id offset 0) as holder)) as user_id`;
  const overridden = (permission: PermissionName, granted: boolean) => sql`select unnest(array(select ${userPermissionOverrides.userId}
    from ${userPermissionOverrides} inner join ${permissions} on ${permissions.id} = ${userPermissionOverrides.permissionId}
    where ${permissions.name} = ${permission} and ${userPermissionOverrides.resource} = '' and ${userPermissionOverrides.granted} = ${granted}))`;
  const holders = (permission: PermissionName) =>
    sql`(${viaRoles(permission)} except ${overridden(permission, false)}) union ${overridden(permission, true)}`;
  const superAdmins = db.$with("super_admin_holders", {}).as(sql`${holders("tenant.create")}
    union select unnest(array(select ${userRoles.userId} from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId}
      where ${roles.builtin} = 'super_admin' and ${roles.tenantId} is null))`);
  const tenantAdmins = db
    .$with("tenant_admin_holders", {})
    .as(sql`(${holders("user.create")}) except select user_id from "super_admin_holders"`);
  return [superAdmins, tenantAdmins] as const;
}

/**
 * The role key of a row of users joined with tenants, as `inferRole` derives it from the user's access
 * (`accessFromRow`): an inactive user or tenant holds nothing ('user'); tenant.create or the global built-in Super
 * Admin role makes a super admin, user.create a tenant admin. Each test is one hash probe per row into a set
 * computed once per statement (`holderSets`), so neither the work nor the planner's estimate grows with the tenant.
 * The list shows the role computed here and filters by it; tests/api/user-list.test.ts holds it to the role a
 * user's detail derives in JavaScript.
 */
const activeRow = sql`(${users.isActive} and ${tenants.isActive})`;
const isSuperAdminRow = sql`(${activeRow} and ${users.id} in (select user_id from "super_admin_holders"))`;
const isTenantAdminRow = sql`(${activeRow} and ${users.id} in (select user_id from "tenant_admin_holders"))`;

/**
 * Users among the holders, by key, for the admin role filters and counts: filtering a tenant's users in list order
 * instead would read them until a page of admins is found (all 100,000 of them when there is one admin). The row
 * test that goes with it decides exactly; this only lets PostgreSQL start from the few ids.
 */
const amongSuperAdminCandidates = sql`${users.id} = any(array(select user_id from "super_admin_holders"))`;
const amongTenantAdminCandidates = sql`${users.id} = any(array(select user_id from "tenant_admin_holders"))`;

type ListQuery = z.infer<typeof userListQuery>;

/** From this many users a tenant's search starts from the trigram indexes rather than from the tenant's users. */
const LARGE_TENANT_USERS = 2_000;

/** The role filter of the users' part; only a super admin sees super admins. */
function userRoleCondition(actor: Actor, role: ListQuery["role"]): SQL | undefined {
  const hideSuperAdmins = isSuperAdmin(actor) ? undefined : sql`not ${isSuperAdminRow}`;
  switch (role) {
    case "all":
      return hideSuperAdmins;
    case "super_admin":
      return isSuperAdmin(actor) ? sql`${amongSuperAdminCandidates} and ${isSuperAdminRow}` : sql`false`;
    case "tenant_admin":
      return sql`${amongTenantAdminCandidates} and ${isTenantAdminRow}`;
    case "user":
      return sql`not ${isSuperAdminRow} and not ${isTenantAdminRow}`;
  }
}

/** The role key an invitation's role stands for, by its built-in identity, never its name (as ROLE_KEY_OF_BUILTIN). */
const invitationRoleKey = sql<RoleKey>`case ${roles.builtin} when 'super_admin' then 'super_admin' when 'tenant_admin' then 'tenant_admin' else 'user' end`;

/** The role filter of the invited rows; only a super admin sees invitations to Super Admin. */
function invitationRoleCondition(actor: Actor, role: ListQuery["role"]): SQL | undefined {
  if (isSuperAdmin(actor)) return role === "all" ? undefined : sql`${invitationRoleKey} = ${role}`;
  if (role === "super_admin") return sql`false`;
  return role === "all" ? sql`${invitationRoleKey} <> 'super_admin'` : sql`${invitationRoleKey} = ${role}`;
}

/**
 * The filters of the users' part of the list. `tenantByIndex: false` writes the tenant test so that PostgreSQL cannot
 * answer it from the tenant index (a cast), for the search path that starts from the trigram indexes instead.
 */
function userConditions(actor: Actor, byTenant: boolean, query: ListQuery, tenantByIndex = true): SQL | undefined {
  const pattern = query.search ? sql.placeholder("pattern") : null;
  const tenantId = sql.placeholder("tenantId");
  return and(
    byTenant ? (tenantByIndex ? eq(users.tenantId, tenantId) : sql`${users.tenantId}::text = ${tenantId}::text`) : undefined,
    query.status === "active" ? eq(users.isActive, true) : query.status === "inactive" ? eq(users.isActive, false) : undefined,
    pattern ? or(ilike(users.email, pattern), ilike(users.fullName, pattern)) : undefined,
    userRoleCondition(actor, query.role),
  );
}

/** The filters of the pending invitations shown as 'invited' rows. */
function invitationConditions(actor: Actor, byTenant: boolean, query: ListQuery): SQL | undefined {
  const pattern = query.search ? sql.placeholder("pattern") : null;
  return and(
    eq(invitations.status, "pending"),
    byTenant ? eq(invitations.tenantId, sql.placeholder("tenantId")) : undefined,
    pattern ? ilike(invitations.email, pattern) : undefined,
    invitationRoleCondition(actor, query.role),
  );
}


/**
 * Users in the actor's reach and pending invitations as 'invited' rows, newest first (created_at desc, then id),
 * filtered, searched, counted and paged in SQL, in ONE statement: the total with the page, the page already the
 * JSON array of the list items (role key by `roleKeyOfRow`, roles aggregated for the page's users only, timestamps
 * as `Date.toISOString()` writes them), for the route to send unchanged. Password hashes are never read.
 */
export async function listUsersJson(actor: Actor, query: ListQuery): Promise<ListPage> {
  // Checked here too, not only in the route: pages call the service directly.
  if (!actor.permissions.has("user.view")) throw new Forbidden();
  const tenantId = listTenantFilter(actor, query.tenant_id);
  return cachedListPage(actor, "users", query, () => readUserList(actor, tenantId, query));
}

async function readUserList(actor: Actor, tenantId: string | null, query: ListQuery): Promise<ListPage> {
  const db = await getDb();
  const statement = listStatement(db, actor, tenantId !== null, query);
  const values = {
    tenantId,
    pattern: query.search ? containing(query.search) : null,
    limit: query.limit,
    offset: query.offset,
    reach: query.offset + query.limit,
  };
  const [row] = await statement.execute(values);
  if (!row) throw new Error("the user list statement returned no row");
  return { json: row.json, total: row.total };
}

/** The same page as objects, for the pages that render it on the server. */
export async function listUsers(actor: Actor, query: ListQuery): Promise<PageResult<UserListItem>> {
  return itemsOfListPage<UserListItem>(await listUsersJson(actor, query));
}

/**
 * The list's statement for one shape of query, built once per database handle and shape with placeholders for the
 * tenant, the search pattern and the paging: building it (two parts, the permission-holder sets, the counts) cost
 * the server more than PostgreSQL spent running it. The shape is what changes the SQL: whether the actor is a super
 * admin, whether a tenant filters, the status, whether a search, the role filter.
 */
function listStatement(db: Db, actor: Actor, byTenant: boolean, query: ListQuery) {
  const key = JSON.stringify([isSuperAdmin(actor), byTenant, query.status, Boolean(query.search), query.role]);
  let cache = listStatementCache.get(db);
  if (!cache) {
    cache = new Map();
    listStatementCache.set(db, cache);
  }
  let statement = cache.get(key);
  if (!statement) {
    statement = buildListStatement(db, actor, byTenant, query);
    cache.set(key, statement);
  }
  return statement;
}

const listStatementCache = new WeakMap<Db, Map<string, ReturnType<typeof buildListStatement>>>();

/** The role key of a listed user: the same tests the role filter applies (`isSuperAdminRow`, `isTenantAdminRow`). */
const roleKeyOfRow = sql<RoleKey>`case when ${isSuperAdminRow} then 'super_admin' when ${isTenantAdminRow} then 'tenant_admin' else 'user' end`;

function buildListStatement(db: Db, actor: Actor, byTenant: boolean, query: ListQuery) {
  const withUsers = query.status !== "invited";
  const withInvitations = query.status === "all" || query.status === "invited";
  const userWhere = userConditions(actor, byTenant, query);
  const invitationWhere = invitationConditions(actor, byTenant, query);
  // A search finds its users once, for both the total and the page. Within one tenant, which way is cheaper depends
  // on the tenant's size, known from tenant_user_counts while the statement runs: a large tenant's users are found
  // through the trigram indexes (and then checked for the tenant), a small tenant's by the tenant index (and then
  // matched against the pattern). Only the branch whose one-time test holds runs, so one generic plan serves every
  // pattern and tenant: the statement runs prepared with it (GENERIC_PLAN) instead of being planned per request.
  const matchedUsers = (where: SQL | undefined) =>
    db.select({ id: users.id }).from(users).innerJoin(tenants, eq(tenants.id, users.tenantId)).where(where);
  const largeTenant = sql`${sql.raw(GENERIC_PLAN)} (select coalesce(sum(${tenantUserCounts.activeUsers} + ${tenantUserCounts.inactiveUsers}), 0) > ${sql.raw(String(LARGE_TENANT_USERS))}
    from ${tenantUserCounts} where ${tenantUserCounts.tenantId} = ${sql.placeholder("tenantId")})`;
  const matched = !query.search
    ? null
    : byTenant
      ? db
          .$with("matched_users")
          .as(
            unionAll(
              matchedUsers(and(userConditions(actor, byTenant, query, false), largeTenant)),
              matchedUsers(and(userWhere, sql`not ${largeTenant}`)),
            ),
          )
      : db.$with("matched_users").as(matchedUsers(userWhere));

  // The two parts have the same columns: what an item shows, the role key, and for invitations their role.
  const userPart = (limit: Placeholder, offset: Placeholder | number) => {
    const selection = {
      kind: sql<ListedKind>`'user'`.as("kind"),
      id: users.id,
      tenantId: users.tenantId,
      tenantName: sql<string>`${tenants.name}`.as("tenant_name"),
      email: users.email,
      fullName: users.fullName,
      phone: users.phone,
      address: users.address,
      isActive: users.isActive,
      pendingEmail: users.pendingEmail,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      roleKey: roleKeyOfRow.as("role_key"),
      roleId: sql<string | null>`null::uuid`.as("role_id"),
      roleName: sql<string | null>`null::text`.as("role_name"),
      roleBuiltin: sql<RoleBuiltin | null>`null::role_builtin`.as("role_builtin"),
    };
    const selected = matched
      ? db
          .select(selection)
          .from(matched)
          .innerJoin(users, eq(users.id, matched.id))
          .innerJoin(tenants, eq(tenants.id, users.tenantId))
      : db.select(selection).from(users).innerJoin(tenants, eq(tenants.id, users.tenantId)).where(userWhere);
    return selected.orderBy(desc(users.createdAt), users.id).limit(limit).offset(offset);
  };
  const invitationPart = (limit: Placeholder, offset: Placeholder | number) =>
    db
      .select({
        kind: sql<ListedKind>`'invitation'`.as("kind"),
        id: invitations.id,
        tenantId: invitations.tenantId,
        tenantName: sql<string>`${tenants.name}`.as("tenant_name"),
        email: invitations.email,
        fullName: sql<string | null>`null::text`.as("full_name"),
        phone: sql<string | null>`null::text`.as("phone"),
        address: sql<string | null>`null::text`.as("address"),
        isActive: sql<boolean>`false`.as("is_active"),
        pendingEmail: sql<string | null>`null::text`.as("pending_email"),
        createdAt: invitations.createdAt,
        updatedAt: invitations.updatedAt,
        // By the role's built-in identity, never its name.
        roleKey: sql<RoleKey>`${invitationRoleKey}`.as("role_key"),
        roleId: sql<string | null>`${invitations.roleId}`.as("role_id"),
        roleName: sql<string | null>`${roles.name}`.as("role_name"),
        roleBuiltin: sql<RoleBuiltin | null>`${roles.builtin}`.as("role_builtin"),
      })
      .from(invitations)
      .innerJoin(roles, eq(roles.id, invitations.roleId))
      .innerJoin(tenants, eq(tenants.id, invitations.tenantId))
      .where(invitationWhere)
      .orderBy(desc(invitations.createdAt), invitations.id)
      .limit(limit)
      .offset(offset);
  // With both parts, each is ordered and cut at offset + limit on its own (along its index), then the two merge.
  const [limit, offset, reach] = [sql.placeholder("limit"), sql.placeholder("offset"), sql.placeholder("reach")];
  const listed = (
    withUsers && withInvitations
      ? unionAll(userPart(reach, 0), invitationPart(reach, 0)).orderBy(sql`created_at desc`, sql`id`).limit(limit).offset(offset)
      : withUsers
        ? userPart(limit, offset)
        : invitationPart(limit, offset)
  ).as("listed");
  // Each item is built as JSON on the cut page only, outside the subquery that orders and cuts it, with the keys in
  // the order the API has always sent them. Qualified by hand: inside the roles subquery a bare "id" is a role's.
  //
  // The whole page comes back as ONE text value, the JSON array the API sends, byte for byte what JSON.stringify
  // makes of the items, and the route sends it as it is: the driver no longer parses a JSON value per row nor the
  // route serialises the items again, and one row comes back instead of one per item. Hence row_to_json of
  // subqueries whose columns are the keys, joined with ',' (json_build_object and json_agg write spaces
  // JSON.stringify does not); tests/api/user-list.test.ts holds the text to JSON.stringify of the parsed items.
  const column = (name: string) => sql`${sql.identifier("listed")}.${sql.identifier(name)}`;
  const [id, tenantId, createdAt, updatedAt] = [column("id"), column("tenant_id"), column("created_at"), column("updated_at")];
  const common = sql`${id} as "id", ${tenantId} as "tenant_id", ${column("tenant_name")} as "tenant_name", ${column("email")} as "email",
    ${column("full_name")} as "full_name", ${column("phone")} as "phone", ${column("address")} as "address",
    ${column("is_active")} as "is_active", ${column("role_key")} as "role"`;
  // A user's roles by name, as `accessColumns(...).roles` gives them for a user's detail. Each role is looked up by
  // its key (LATERAL with OFFSET 0): joined, PostgreSQL built a hash table of all roles for every user of the page.
  const userRolesJson = sql`(select coalesce('[' || string_agg(row_to_json(held)::text, ',' order by held.name) || ']', '[]')::json
    from ${userRoles} cross join lateral (select ${roles.id} as "id", ${roles.name} as "name", ${roles.tenantId} as "tenant_id", ${roles.builtin} as "builtin"
      from ${roles} where ${roles.id} = ${userRoles.roleId} offset 0) as held where ${userRoles.userId} = ${id})`;
  const userItem = sql`select ${common},
    case when ${column("is_active")} then 'active' else 'inactive' end as "status",
    ${iso(createdAt)} as "created_at", ${iso(updatedAt)} as "updated_at",
    ${column("pending_email")} as "pending_email", ${userRolesJson} as "roles", null::uuid as "invitation_id"`;
  const invitationRoleJson = sql`(select ('[' || row_to_json(invited)::text || ']')::json
    from (select coalesce(${column("role_id")}::text, '') as "id", coalesce(${column("role_name")}, '') as "name",
      ${tenantId} as "tenant_id", ${column("role_builtin")} as "builtin") as invited)`;
  const invitationItem = sql`select ${common}, 'invited'::text as "status", null::text as "pending_email",
    ${invitationRoleJson} as "roles", ${id} as "invitation_id", ${iso(createdAt)} as "created_at", ${iso(updatedAt)} as "updated_at"`;
  const item = sql`case when ${column("kind")} = 'user' then row_to_json(user_item) else row_to_json(invitation_item) end::text`;
  const page = sql`coalesce((select '[' || string_agg(${item}, ',' order by ${createdAt} desc, ${id}) || ']'
    from ${listed} cross join lateral (${userItem}) as user_item cross join lateral (${invitationItem}) as invitation_item), '[]')`;
  const userTotal = withUsers ? (matched ? sql`(select count(*) from ${matched})` : userCount(actor, byTenant, query)) : sql`0`;
  const invitationCount = sql`(select count(*) from ${invitations} inner join ${roles} on ${roles.id} = ${invitations.roleId} where ${invitationWhere ?? sql`true`})`;
  // The total and the page in one statement, one row.
  return db
    .with(...holderSets(db, byTenant), ...(matched && withUsers ? [matched] : []))
    .select({ total: sql<number>`totals.value`.mapWith(Number), json: sql<string>`${page}` })
    .from(sql`(select ${userTotal} + ${withInvitations ? invitationCount : sql`0`} as value) as totals`)
    .prepare("user_list");
}


/**
 * The users' part of an unsearched total, without counting a tenant's users: the tenant's users by state from
 * tenant_user_counts (kept by triggers), less the rows the role filter leaves out, counted from the small sets of
 * super admins and tenant admins (their holders, joined to users by key). Super admins and tenant admins are
 * active users of active tenants (`isSuperAdminRow`, `isTenantAdminRow`), so an 'inactive' filter leaves none of
 * them. Exactly the rows `userConditions` selects: tests/api/user-counts.test.ts compares the two.
 */
function userCount(actor: Actor, byTenant: boolean, query: ListQuery): SQL {
  const counted =
    query.status === "active"
      ? tenantUserCounts.activeUsers
      : query.status === "inactive"
        ? tenantUserCounts.inactiveUsers
        : sql`${tenantUserCounts.activeUsers} + ${tenantUserCounts.inactiveUsers}`;
  const base = sql`coalesce((select sum(${counted}) from ${tenantUserCounts}${
    byTenant ? sql` where ${tenantUserCounts.tenantId} = ${sql.placeholder("tenantId")}` : sql``
  }), 0)`;
  // Active users of active tenants in scope who pass the test, found among the candidates by key; none when only
  // inactive users are listed.
  const among = (candidates: SQL, test: SQL) =>
    query.status === "inactive"
      ? sql`0`
      : sql`(select count(*) from ${users} inner join ${tenants} on ${tenants.id} = ${users.tenantId}
          where ${candidates} and ${test}${byTenant ? sql` and ${users.tenantId} = ${sql.placeholder("tenantId")}` : sql``})`;
  const superAdminRows = among(amongSuperAdminCandidates, isSuperAdminRow);
  const tenantAdminRows = among(amongTenantAdminCandidates, isTenantAdminRow);
  switch (query.role) {
    case "all":
      return isSuperAdmin(actor) ? base : sql`(${base} - ${superAdminRows})`;
    case "super_admin":
      return isSuperAdmin(actor) ? superAdminRows : sql`0`;
    case "tenant_admin":
      return tenantAdminRows;
    case "user":
      return sql`(${base} - ${superAdminRows} - ${tenantAdminRows})`;
  }
}

type ListedKind = "user" | "invitation";

/** A user the actor may see and manage, or 404. */
export async function userInReach(db: Executor, actor: Actor, userId: string): Promise<UserAccess> {
  const access = await loadUserAccess(db, userId);
  const reachable =
    access &&
    (isSuperAdmin(actor) ||
      access.user.id === actor.userId ||
      (access.user.tenantId === actor.tenantId && actor.permissions.has("user.view")));
  if (!access || !reachable) throw new NotFound(USER_MESSAGES.notFound);
  return access;
}

export async function getUser(actor: Actor, userId: string): Promise<UserListItem> {
  return listItem(await userInReach(await getDb(), actor, userId));
}

/** The built-in role a role key stands for in a tenant, found by its identity, never by name. */
async function roleIdFor(tx: Tx, key: RoleKey, tenantId: string): Promise<string> {
  const builtin = BUILTIN_OF_ROLE_KEY[key];
  const scope = key === "tenant_admin" ? eq(roles.tenantId, tenantId) : isNull(roles.tenantId);
  const [role] = await tx.select({ id: roles.id }).from(roles).where(and(eq(roles.builtin, builtin), scope)).limit(1);
  if (!role) throw new BadRequest(`The ${BUILTIN_ROLE_NAMES[builtin]} role does not exist in this tenant`);
  return role.id;
}

function assertAssignable(actor: Actor, role: RoleKey) {
  if (isSuperAdmin(actor)) return;
  if (role === "super_admin") throw new Forbidden(USER_MESSAGES.roleNotAllowed);
  if (role === "tenant_admin" && actor.role !== "tenant_admin") throw new Forbidden(USER_MESSAGES.roleNotAllowed);
}

/** A tenant admin may not manage someone holding permissions the admin lacks. */
export function assertNotAbove(actor: Actor, target: UserAccess) {
  if (isSuperAdmin(actor)) return;
  if (target.permissions.some((permission) => !actor.permissions.has(permission))) throw new Forbidden(USER_MESSAGES.aboveYou);
}

async function addressTaken(db: Executor, email: string): Promise<boolean> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  return rows.length > 0;
}

export async function createUser(actor: Actor, input: z.infer<typeof userCreateInput>): Promise<UserListItem> {
  const tenantId = targetTenant(actor, input.tenant_id);
  assertAssignable(actor, input.role);
  const email = input.email.toLowerCase();
  assertPasswordAllowed(input.password, email, "password");
  // Hashed before the address is looked up, so a taken address answers no faster than a free one.
  const passwordHash = await hashPassword(input.password);
  const db = await getDb();
  // Addresses are unique platform-wide and this creates the account at once, so a taken address must be
  // refused, wherever its account is: with the same 409, never naming the tenant, and a limit per administrator
  // on such refusals (a super admin sees every account anyway). Checked outside the transaction because the
  // limiter writes its counter through its own connection.
  if (await addressTaken(db, email)) {
    if (!isSuperAdmin(actor)) await consume("userCreateConflictByActor", actor.userId);
    throw new Conflict(USER_MESSAGES.emailTaken);
  }
  const created = db.transaction(async (tx) => {
    const [tenant] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).limit(1);
    if (!tenant) throw new NotFound("Tenant not found");
    if (await addressTaken(tx, email)) throw new Conflict(USER_MESSAGES.emailTaken);
    const roleId = await roleIdFor(tx, input.role, tenantId);
    const [user] = await tx
      .insert(users)
      .values({
        tenantId,
        email,
        passwordHash,
        fullName: input.full_name ?? null,
        phone: input.phone ?? null,
        address: input.address ?? null,
        isActive: input.is_active,
        // Created by an administrator who vouches for the address.
        emailVerifiedAt: new Date(),
      })
      .returning({ id: users.id });
    if (!user) throw new Error("user insert returned nothing");
    await tx.insert(userRoles).values({ userId: user.id, roleId });
    await recordActivity(tx, {
      tenantId,
      actorUserId: actor.userId,
      action: "user.created",
      summary: `${actor.fullName ?? actor.email} created the user ${input.full_name ?? email}`,
      subjectType: "user",
      subjectId: user.id,
    });
    return writtenUser(tx, user.id);
  });
  // A concurrent request took the address between the check and the insert.
  return created.catch((error: unknown) => {
    throw isUniqueViolation(error) ? new Conflict(USER_MESSAGES.emailTaken) : error;
  });
}

/** One's own e-mail changes only with the current password, as the password does (Change Password). */
async function assertCurrentPassword(tx: Tx, userId: string, currentPassword: string | undefined): Promise<void> {
  if (!currentPassword) {
    throw new ValidationFailed([{ loc: ["body", "current_password"], msg: "Current password is required", type: "missing" }]);
  }
  const [row] = await tx.select({ passwordHash: users.passwordHash }).from(users).where(eq(users.id, userId)).limit(1);
  if (!row || !(await verifyPassword(row.passwordHash, currentPassword))) throw new BadRequest(AUTH_MESSAGES.wrongCurrentPassword);
}

/**
 * Edits a user. One's own password changes only through /password/change (it asks for the current one); one's own
 * e-mail only with the current password; a new e-mail address waits in pending_email until its owner follows the link mailed to it (the old address gets a
 * notice); an administrator's new password for someone else ends that user's sessions. Every check runs before
 * the first write, so a refused request writes nothing.
 */
export async function updateUser(actor: Actor, userId: string, input: z.infer<typeof userUpdateInput>): Promise<UserListItem> {
  if (input.password && userId === actor.userId) throw new BadRequest(USER_MESSAGES.ownPassword);
  const passwordHash = input.password ? await hashPassword(input.password) : null;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const target = await userInReach(tx, actor, userId);
    const self = target.user.id === actor.userId;
    if (!self && !isSuperAdmin(actor) && !actor.permissions.has("user.update")) throw new Forbidden();
    if (!self) assertNotAbove(actor, target);
    const roleChanges = input.role !== undefined && input.role !== target.role;
    if (roleChanges && !isSuperAdmin(actor)) throw new Forbidden(USER_MESSAGES.roleChange);
    const tenantChanges = input.tenant_id !== undefined && input.tenant_id !== target.user.tenantId;
    if (tenantChanges && !isSuperAdmin(actor)) throw new Forbidden(USER_MESSAGES.moveTenant);
    if (self && input.is_active === false) throw new BadRequest(USER_MESSAGES.selfDeactivate);
    const newEmail = input.email !== undefined && input.email.toLowerCase() !== target.user.email ? input.email.toLowerCase() : null;
    if (newEmail && self) await assertCurrentPassword(tx, target.user.id, input.current_password);
    if (newEmail) await assertNotVisiblyTaken(tx, actor, newEmail, target.user.id);
    if (input.password) {
      assertPasswordAllowed(input.password, target.user.email, "password");
      if (newEmail) assertPasswordAllowed(input.password, newEmail, "password");
    }
    if (tenantChanges && input.tenant_id) {
      const [tenant] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, input.tenant_id)).limit(1);
      if (!tenant) throw new NotFound("Tenant not found");
    }
    const finalTenant = tenantChanges && input.tenant_id ? input.tenant_id : target.user.tenantId;
    const newRoleId = roleChanges || tenantChanges ? await roleIdFor(tx, input.role ?? target.role, finalTenant) : null;

    const changes: Partial<typeof users.$inferInsert> = {};
    if (input.full_name !== undefined) changes.fullName = input.full_name;
    if (input.phone !== undefined) changes.phone = input.phone;
    if (input.address !== undefined) changes.address = input.address;
    if (input.is_active !== undefined) changes.isActive = input.is_active;
    if (passwordHash) changes.passwordHash = passwordHash;
    if (tenantChanges) changes.tenantId = finalTenant;
    if (newEmail) changes.pendingEmail = newEmail;
    if (Object.keys(changes).length > 0) await tx.update(users).set(changes).where(eq(users.id, target.user.id));
    if (newRoleId) {
      await tx.delete(userRoles).where(eq(userRoles.userId, target.user.id));
      await tx.insert(userRoles).values({ userId: target.user.id, roleId: newRoleId });
    }
    // Deactivation, a new password set by an administrator or a move ends the user's sessions.
    if (input.is_active === false || passwordHash || tenantChanges) {
      await tx.update(refreshTokens).set({ revokedAt: new Date() }).where(and(eq(refreshTokens.userId, target.user.id), isNull(refreshTokens.revokedAt)));
    }
    const mails: MailMessage[] = [];
    if (newEmail) {
      const token = await issueEmailToken(tx, target.user.id, "email_change", EMAIL_VERIFICATION_TTL_MS, newEmail);
      const fullName = changes.fullName !== undefined ? changes.fullName : target.user.fullName;
      mails.push(
        emailChangeMail({ to: newEmail, fullName, currentEmail: target.user.email, token }),
        emailChangeNoticeMail({ to: target.user.email, fullName, newEmail }),
      );
    }
    await recordActivity(tx, {
      tenantId: finalTenant,
      actorUserId: actor.userId,
      action: "user.updated",
      summary: `${actor.fullName ?? actor.email} updated the user ${target.user.fullName ?? target.user.email}`,
      subjectType: "user",
      subjectId: target.user.id,
    });
    const item = await writtenUser(tx, target.user.id);
    // Sent last, inside the transaction: if a mail cannot be sent, nothing of the edit is kept.
    for (const mail of mails) await sendMail(mail);
    return item;
  });
}

/**
 * 409 for an address the actor can see is taken (a super admin: any; others: their own tenant's). An address
 * taken in another tenant is not revealed: the change waits for verification like any other, and its link
 * answers 409 to the address's owner.
 */
async function assertNotVisiblyTaken(tx: Tx, actor: Actor, email: string, exceptUserId: string): Promise<void> {
  const [holder] = await tx
    .select({ tenantId: users.tenantId })
    .from(users)
    .where(and(eq(users.email, email), ne(users.id, exceptUserId)))
    .limit(1);
  if (!holder) return;
  if (isSuperAdmin(actor) || (holder.tenantId === actor.tenantId && actor.permissions.has("user.view"))) {
    throw new Conflict(USER_MESSAGES.emailTaken);
  }
}

export async function deleteUser(actor: Actor, userId: string): Promise<void> {
  if (userId === actor.userId) throw new BadRequest(USER_MESSAGES.selfDelete);
  const db = await getDb();
  await db.transaction(async (tx) => {
    const target = await userInReach(tx, actor, userId);
    assertNotAbove(actor, target);
    await tx.delete(users).where(eq(users.id, target.user.id));
    await recordActivity(tx, {
      tenantId: target.user.tenantId,
      actorUserId: actor.userId,
      action: "user.deleted",
      summary: `${actor.fullName ?? actor.email} deleted the user ${target.user.fullName ?? target.user.email}`,
      subjectType: "user",
      subjectId: target.user.id,
    });
  });
}

/** Ids of a tenant's users, for services that act on all of them. */
export async function tenantUserIds(db: Executor, tenantId: string): Promise<string[]> {
  const rows = await db.select({ id: users.id }).from(users).where(eq(users.tenantId, tenantId));
  return rows.map((row) => row.id);
}
