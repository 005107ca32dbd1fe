// Who a user is and what they may do: roles, effective permissions (roles plus per-user overrides), and the
// Actor that every service function receives.
import { and, eq, getTableColumns, getTableName, gt, isNull, sql, type AnyColumn, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import type { Db, Tx } from "@/db/client";
import { dataVersions, permissions, refreshTokens, rolePermissions, roles, tenants, userPermissionOverrides, userRoles, users } from "@/db/schema";
import type { User } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import type { RoleSummary, SessionView, UserOut } from "@/lib/auth/session-view";
import { BROWSER_SESSION_IDLE_SECONDS, LAST_USE_RESOLUTION_SECONDS, PERSISTENT_SESSION_IDLE_SECONDS } from "@/lib/auth/session-lifetime";
import { inferRole, isPermissionName, type PermissionName, type RoleKey } from "@/lib/auth/permissions";

type Executor = Db | Tx;

export type { RoleSummary, SessionView, UserOut };

/** A user row without its password hash: what access decisions and the API need. */
export type AccessUser = Omit<User, "passwordHash">;

const { passwordHash: _passwordHash, ...userColumnsWithoutHash } = getTableColumns(users);

/** The columns of `AccessUser`, for selects that load access. */
export const accessUserColumns = userColumnsWithoutHash;

export interface UserAccess {
  user: AccessUser;
  tenant: { id: string; name: string; isActive: boolean; approvedAt: Date | null };
  roles: RoleSummary[];
  /** Effective permissions; empty for an inactive user or a user of an inactive tenant. */
  permissions: PermissionName[];
  role: RoleKey;
}

/** Role permissions plus grants minus revokes; resource-specific overrides do not change the global set. */
export function effectivePermissions(
  rolePermissionNames: readonly string[],
  overrides: readonly { name: string; granted: boolean; resource: string }[],
): PermissionName[] {
  const result = new Set(rolePermissionNames.filter(isPermissionName));
  for (const override of overrides) {
    if (override.resource !== "" || !isPermissionName(override.name)) continue;
    if (override.granted) result.add(override.name);
    else result.delete(override.name);
  }
  return [...result].sort();
}

/** A user's roles, role permissions and overrides as JSON computed in SQL, with the user and tenant row. */
export interface AccessRow {
  user: AccessUser;
  tenant: UserAccess["tenant"];
  roles: RoleSummary[];
  rolePermissions: string[];
  overrides: { name: string; granted: boolean; resource: string }[];
}

/**
 * The access of a user from one row of `accessColumns`: an inactive user or a user of an inactive tenant holds
 * no permission and counts as a plain user, whatever their roles (which are still listed).
 */
export function accessFromRow(row: AccessRow): UserAccess {
  const active = row.user.isActive && row.tenant.isActive;
  const granted = active ? effectivePermissions(row.rolePermissions, row.overrides) : [];
  return { user: row.user, tenant: row.tenant, roles: row.roles, permissions: granted, role: inferRole(granted, active ? row.roles : []) };
}

/**
 * The roles (by name), the distinct names of their permissions and the overrides of the user whose id is
 * `userId`, as three JSON columns of scalar subqueries: one statement loads a user's access with the user, for
 * one user (the actor, a detail) or a page of them. `userId` must be qualified when the query has other id
 * columns in scope (the subqueries join roles, whose id would otherwise be taken).
 */
export function accessColumns(userId: SQL | AnyColumn) {
  // Every column qualified by its table: in a select from one subquery drizzle renders columns bare, and a bare
  // "id" or "name" here would be ambiguous between the joined tables.
  const [role, rolePermission, permission, userRole, override] = [
    qualified(roles),
    qualified(rolePermissions),
    qualified(permissions),
    qualified(userRoles),
    qualified(userPermissionOverrides),
  ];
  return {
    roles: jsonColumn<RoleSummary[]>(sql`(
        select coalesce(json_agg(json_build_object(
          'id', ${role.id}, 'name', ${role.name}, 'tenant_id', ${role.tenantId}, 'builtin', ${role.builtin}
        ) order by ${role.name}), '[]'::json)
        from ${userRoles} inner join ${roles} on ${role.id} = ${userRole.roleId}
        where ${userRole.userId} = ${userId})`),
    rolePermissions: jsonColumn<string[]>(sql`(
        select coalesce(json_agg(distinct ${permission.name}), '[]'::json)
        from ${userRoles}
        inner join ${rolePermissions} on ${rolePermission.roleId} = ${userRole.roleId}
        inner join ${permissions} on ${permission.id} = ${rolePermission.permissionId}
        where ${userRole.userId} = ${userId})`),
    overrides: jsonColumn<AccessRow["overrides"]>(sql`(
        select coalesce(json_agg(json_build_object(
          'name', ${permission.name}, 'granted', ${override.granted}, 'resource', ${override.resource}
        )), '[]'::json)
        from ${userPermissionOverrides} inner join ${permissions} on ${permission.id} = ${override.permissionId}
        where ${override.userId} = ${userId})`),
  };
}

/** The table's columns as "table"."column", whatever the query around them. */
function qualified<T extends PgTable>(table: T): Record<keyof T["_"]["columns"], SQL> {
  const tableName = sql.identifier(getTableName(table));
  return Object.fromEntries(
    Object.entries(getTableColumns(table)).map(([key, column]) => [key, sql`${tableName}.${sql.identifier(column.name)}`]),
  ) as Record<keyof T["_"]["columns"], SQL>;
}

/** Columns of the tenant that access decisions need. */
export const tenantAccessColumns = {
  id: tenants.id,
  name: tenants.name,
  isActive: tenants.isActive,
  approvedAt: tenants.approvedAt,
};

/** A user's access in ONE statement (user, tenant, roles, permissions, overrides), or null when there is no such user. */
export async function loadUserAccess(db: Executor, userId: string): Promise<UserAccess | null> {
  let statement = userAccessStatements.get(db);
  if (!statement) {
    statement = userAccessStatement(db);
    userAccessStatements.set(db, statement);
  }
  const [row] = await statement.execute({ userId });
  return row ? accessFromRow(row) : null;
}

/** Built once per database handle (a transaction is a handle of its own), with the user's id as a placeholder. */
function userAccessStatement(db: Executor) {
  return db
    .select({ user: accessUserColumns, tenant: tenantAccessColumns, ...accessColumns(users.id) })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(users.id, sql.placeholder("userId")))
    .limit(1)
    .prepare("user_access");
}

const userAccessStatements = new WeakMap<Executor, ReturnType<typeof userAccessStatement>>();

/** SQL: the idle limit in seconds of a session's refresh-token row: 30 days with 'Keep me logged in', else 12 hours. */
export const sessionIdleSeconds = sql`case when ${refreshTokens.persistent} then ${PERSISTENT_SESSION_IDLE_SECONDS}::integer else ${BROWSER_SESSION_IDLE_SECONDS}::integer end`;

/** The row's last use is older than the resolution, so this use is written. */
const lastUseStale = sql`${refreshTokens.lastUsedAt} < now() - make_interval(secs => ${LAST_USE_RESOLUTION_SECONDS}::integer)`;

/**
 * The access of a live session of an active user in an active tenant, or null, in ONE statement: every signed-in
 * request runs it, so its cost is the floor of every route.
 *
 * A session (refresh-token family) is live while its current token (the one not yet exchanged for a newer one)
 * is neither revoked nor past its absolute expiry, and was used within the idle limit. Each check counts as use:
 * a data-modifying CTE moves the last use forward, at most once a minute (the condition is checked again on the
 * row, so concurrent requests write it once), whatever the user's state, as the check did when it was two queries.
 * Roles, their permissions and the overrides come as JSON arrays from scalar subqueries (`accessColumns`); the
 * effective permissions and the role key are computed here, exactly as for a list or a detail (`accessFromRow`).
 */
export async function accessForSession(
  db: Executor,
  userId: string,
  sessionId: string,
): Promise<(UserAccess & { dataVersion: string }) | null> {
  let statement = actorStatements.get(db);
  if (!statement) {
    statement = actorStatement(db);
    actorStatements.set(db, statement);
  }
  const [row] = await statement.execute({ userId, sessionId });
  return row ? { ...accessFromRow(row), dataVersion: row.dataVersion } : null;
}

const PLATFORM_SCOPE = sql.raw(`'00000000-0000-0000-0000-000000000000'::uuid`);

/**
 * SQL: the version of the data the actor's lists show (migration 0009): for a tenant's user, that tenant's version
 * and the platform's (global roles); for a user of the platform tenant, whose lists may span every tenant, the sum
 * of all versions, which grows with every change anywhere. Two index lookups, or for the few platform users a sum
 * over one row per tenant.
 */
const dataVersionOfActor = sql<string>`case when ${tenants.isPlatform}
  then 'all:' || coalesce((select sum(all_versions.version) from ${dataVersions} as all_versions), 0)
  else coalesce((select own.version from ${dataVersions} as own where own.scope = ${users.tenantId}), 0) || ':' ||
    coalesce((select platform.version from ${dataVersions} as platform where platform.scope = ${PLATFORM_SCOPE}), 0)
  end`;

/**
 * The actor's statement, built once per database handle with placeholders for the user and the session: every
 * signed-in request runs it, and building it (CTEs, three JSON subqueries) took more of the server's time than
 * PostgreSQL took to run it.
 */
function actorStatement(db: Executor) {
  const session = db.$with("actor_session").as(
    db
      .select({ id: refreshTokens.id, stale: sql<boolean>`${lastUseStale}`.as("stale") })
      .from(refreshTokens)
      .where(
        and(
          eq(refreshTokens.familyId, sql.placeholder("sessionId")),
          eq(refreshTokens.userId, sql.placeholder("userId")),
          isNull(refreshTokens.usedAt),
          isNull(refreshTokens.revokedAt),
          gt(refreshTokens.expiresAt, sql`now()`),
          gt(refreshTokens.lastUsedAt, sql`now() - make_interval(secs => ${sessionIdleSeconds})`),
        ),
      )
      .limit(1),
  );
  // PostgreSQL runs a data-modifying CTE to completion even though the main query does not read it.
  const touch = db.$with("actor_session_touch", {}).as(
    sql`update ${refreshTokens} set ${sql.identifier(refreshTokens.lastUsedAt.name)} = now()
        where ${refreshTokens.id} in (select ${session.id} from ${session} where ${session.stale}) and ${lastUseStale}`,
  );
  return db
    .with(session, touch)
    .select({
      user: accessUserColumns,
      tenant: tenantAccessColumns,
      ...accessColumns(users.id),
      dataVersion: dataVersionOfActor,
    })
    .from(session)
    .innerJoin(users, eq(users.id, sql.placeholder("userId")))
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(and(eq(users.isActive, true), eq(tenants.isActive, true)))
    .prepare("access_for_session");
}

const actorStatements = new WeakMap<Executor, ReturnType<typeof actorStatement>>();

/** A JSON value computed in SQL; the drivers parse json already, a string is parsed here should one not. */
function jsonColumn<T>(expression: SQL): SQL<T> {
  return expression.mapWith((value: unknown) => (typeof value === "string" ? JSON.parse(value) : value) as T);
}

/** The actor of a live session of an active user in an active tenant, or null (one statement). */
export async function actorForSession(db: Executor, userId: string, sessionId: string): Promise<Actor | null> {
  const access = await accessForSession(db, userId, sessionId);
  return access ? { ...toActor(access, sessionId), dataVersion: access.dataVersion } : null;
}

export function toActor(access: UserAccess, sessionId: string | null): Actor {
  return {
    dataVersion: null,
    userId: access.user.id,
    tenantId: access.user.tenantId,
    email: access.user.email,
    fullName: access.user.fullName,
    role: access.role,
    permissions: new Set(access.permissions),
    sessionId,
    view: sessionView(access),
  };
}

export function userOut(access: Pick<UserAccess, "user" | "role"> & { tenant: { name: string } }): UserOut {
  const { user } = access;
  return {
    id: user.id,
    tenant_id: user.tenantId,
    tenant_name: access.tenant.name,
    email: user.email,
    full_name: user.fullName,
    phone: user.phone,
    address: user.address,
    is_active: user.isActive,
    role: access.role,
    status: user.isActive ? "active" : "inactive",
    created_at: user.createdAt.toISOString(),
    updated_at: user.updatedAt.toISOString(),
  };
}

export function sessionView(access: UserAccess): SessionView {
  return { user: userOut(access), roles: access.roles, permissions: access.permissions };
}

/** The tenant's own built-in Tenant Admin role (created with the tenant), found by identity, not by name. */
export async function tenantAdminRoleId(db: Executor, tenantId: string): Promise<string | null> {
  const [role] = await db
    .select({ id: roles.id })
    .from(roles)
    .where(and(eq(roles.tenantId, tenantId), eq(roles.builtin, "tenant_admin")))
    .limit(1);
  return role?.id ?? null;
}
