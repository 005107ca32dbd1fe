// Who a user is and what they may do: roles, effective permissions (roles plus per-user overrides), and the
// Actor that every service function receives.
import { and, eq, getTableColumns, gt, isNull, sql, type SQL } from "drizzle-orm";
import type { Db, Tx } from "@/db/client";
import { permissions, refreshTokens, rolePermissions, roles, tenants, userPermissionOverrides, userRoles, users } from "@/db/schema";
import type { User } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { BROWSER_SESSION_IDLE_SECONDS, LAST_USE_RESOLUTION_SECONDS, PERSISTENT_SESSION_IDLE_SECONDS } from "@/lib/auth/session-lifetime";
import { inferRole, isPermissionName, type PermissionName, type RoleBuiltin, type RoleKey } from "@/lib/auth/permissions";

type Executor = Db | Tx;

export interface RoleSummary {
  id: string;
  name: string;
  tenant_id: string | null;
  /** The built-in identity (null for roles administrators made): what power is inferred from, not the name. */
  builtin: RoleBuiltin | null;
}

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

/** The user as the API shows it (spec section 3). */
export interface UserOut {
  id: string;
  tenant_id: string;
  tenant_name: string;
  email: string;
  full_name: string | null;
  phone: string | null;
  address: string | null;
  is_active: boolean;
  role: RoleKey;
  status: "active" | "inactive";
  created_at: string;
  updated_at: string;
}

export interface SessionView {
  user: UserOut;
  roles: RoleSummary[];
  permissions: PermissionName[];
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

type UserWithTenant = { user: AccessUser; tenant: UserAccess["tenant"] };

/** Access of many users at once: three statements whatever the number of users. */
export async function loadAccessOf(db: Executor, rows: readonly UserWithTenant[]): Promise<UserAccess[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.user.id);
  let statements = accessOfStatements.get(db);
  if (!statements) {
    statements = buildAccessOfStatements(db);
    accessOfStatements.set(db, statements);
  }
  const [roleRows, rolePermissionRows, overrideRows] = await Promise.all([
    statements.roles.execute({ ids }),
    statements.rolePermissions.execute({ ids }),
    statements.overrides.execute({ ids }),
  ]);
  return rows.map(({ user, tenant }) => {
    const userRoleRows = roleRows.filter((role) => role.userId === user.id).map(({ userId: _, ...role }) => role);
    const active = user.isActive && tenant.isActive;
    const granted = active
      ? effectivePermissions(
          rolePermissionRows.filter((row) => row.userId === user.id).map((row) => row.name),
          overrideRows.filter((row) => row.userId === user.id),
        )
      : [];
    return { user, tenant, roles: userRoleRows, permissions: granted, role: inferRole(granted, active ? userRoleRows : []) };
  });
}

/**
 * The three statements of `loadAccessOf`, built once per database handle: the users' ids go as one array
 * parameter (`= any($1)`), so the text does not depend on how many there are.
 */
function buildAccessOfStatements(db: Executor) {
  const ids = sql`any(${sql.placeholder("ids")}::uuid[])`;
  return {
    roles: db
      .select({ userId: userRoles.userId, id: roles.id, name: roles.name, tenant_id: roles.tenantId, builtin: roles.builtin })
      .from(userRoles)
      .innerJoin(roles, eq(roles.id, userRoles.roleId))
      .where(sql`${userRoles.userId} = ${ids}`)
      .orderBy(roles.name)
      .prepare("access_of_roles"),
    rolePermissions: db
      .selectDistinct({ userId: userRoles.userId, name: permissions.name })
      .from(userRoles)
      .innerJoin(rolePermissions, eq(rolePermissions.roleId, userRoles.roleId))
      .innerJoin(permissions, eq(permissions.id, rolePermissions.permissionId))
      .where(sql`${userRoles.userId} = ${ids}`)
      .prepare("access_of_role_permissions"),
    overrides: db
      .select({
        userId: userPermissionOverrides.userId,
        name: permissions.name,
        granted: userPermissionOverrides.granted,
        resource: userPermissionOverrides.resource,
      })
      .from(userPermissionOverrides)
      .innerJoin(permissions, eq(permissions.id, userPermissionOverrides.permissionId))
      .where(sql`${userPermissionOverrides.userId} = ${ids}`)
      .prepare("access_of_overrides"),
  };
}

const accessOfStatements = new WeakMap<Executor, ReturnType<typeof buildAccessOfStatements>>();

/** Columns of the tenant that access decisions need. */
export const tenantAccessColumns = {
  id: tenants.id,
  name: tenants.name,
  isActive: tenants.isActive,
  approvedAt: tenants.approvedAt,
};

export async function loadUserAccess(db: Executor, userId: string): Promise<UserAccess | null> {
  const rows = await db
    .select({ user: accessUserColumns, tenant: tenantAccessColumns })
    .from(users)
    .innerJoin(tenants, eq(tenants.id, users.tenantId))
    .where(eq(users.id, userId))
    .limit(1);
  const [access] = await loadAccessOf(db, rows);
  return access ?? null;
}

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
 * Roles, their permissions and the overrides come as JSON arrays from scalar subqueries; the effective
 * permissions and the role key are computed here, exactly as for a list (`loadAccessOf`).
 */
export async function accessForSession(db: Executor, userId: string, sessionId: string): Promise<UserAccess | null> {
  let statement = actorStatements.get(db);
  if (!statement) {
    statement = actorStatement(db);
    actorStatements.set(db, statement);
  }
  const [row] = await statement.execute({ userId, sessionId });
  if (!row) return null;
  const granted = effectivePermissions(row.rolePermissions, row.overrides);
  return { user: row.user, tenant: row.tenant, roles: row.roles, permissions: granted, role: inferRole(granted, row.roles) };
}

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
      roles: jsonColumn<RoleSummary[]>(sql`(
        select coalesce(json_agg(json_build_object(
          'id', ${roles.id}, 'name', ${roles.name}, 'tenant_id', ${roles.tenantId}, 'builtin', ${roles.builtin}
        ) order by ${roles.name}), '[]'::json)
        from ${userRoles} inner join ${roles} on ${roles.id} = ${userRoles.roleId}
        where ${userRoles.userId} = ${users.id})`),
      rolePermissions: jsonColumn<string[]>(sql`(
        select coalesce(json_agg(distinct ${permissions.name}), '[]'::json)
        from ${userRoles}
        inner join ${rolePermissions} on ${rolePermissions.roleId} = ${userRoles.roleId}
        inner join ${permissions} on ${permissions.id} = ${rolePermissions.permissionId}
        where ${userRoles.userId} = ${users.id})`),
      overrides: jsonColumn<{ name: string; granted: boolean; resource: string }[]>(sql`(
        select coalesce(json_agg(json_build_object(
          'name', ${permissions.name}, 'granted', ${userPermissionOverrides.granted}, 'resource', ${userPermissionOverrides.resource}
        )), '[]'::json)
        from ${userPermissionOverrides} inner join ${permissions} on ${permissions.id} = ${userPermissionOverrides.permissionId}
        where ${userPermissionOverrides.userId} = ${users.id})`),
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
  return access ? toActor(access, sessionId) : null;
}

export function toActor(access: UserAccess, sessionId: string | null): Actor {
  return {
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
