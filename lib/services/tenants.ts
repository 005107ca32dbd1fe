// Tenants: the platform operator manages organisations (list with user counts, create with an invited admin,
// edit, approve, delete with all data); a tenant admin sees only their own tenant.
import { cachedListPage, itemsOfListPage, listPageOf, type ListPage } from "@/lib/services/list-cache";
import { and, count, desc, eq, getTableColumns, ilike, inArray, isNull, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { getDb, type Db, type Tx } from "@/db/client";
import { ensureRole } from "@/db/seed";
import { permissions, refreshTokens, tenantUserCounts, tenants, userRoles, users } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { isSuperAdmin } from "@/lib/auth/actor";
import { ROLE_NAMES } from "@/lib/auth/permissions";
import { BadRequest, Conflict, Forbidden, NotFound } from "@/lib/errors";
import type { Page, PageResult } from "@/lib/http/pagination";
import { storage } from "@/lib/storage";
import type { tenantCreateInput, tenantUpdateInput } from "@/lib/validation/tenants";
import { createInvitation } from "./invitations";
import { logger } from "@/lib/log";
import { sendMail, type MailMessage } from "@/lib/mail/transport";
import { welcomeMail } from "@/lib/mail/templates";
import { tenantAdminRoleId } from "./access";
import { recordActivity } from "./activity";
import { uniqueViolation } from "./db-errors";

export interface TenantOut {
  id: string;
  name: string;
  domain: string | null;
  is_active: boolean;
  created_at: string;
}

export function tenantOut(tenant: typeof tenants.$inferSelect): TenantOut {
  return {
    id: tenant.id,
    name: tenant.name,
    domain: tenant.domain,
    is_active: tenant.isActive,
    created_at: tenant.createdAt.toISOString(),
  };
}

/**
 * Sends a mail about a change that is already committed. The change stands whatever the mail server says, so
 * a failure is logged (without the address) rather than answered as an error the caller would retry.
 */
async function mailAfterCommit(message: MailMessage, context: { tenantId: string; action: string }): Promise<void> {
  try {
    await sendMail(message);
  } catch (error) {
    const reason = (error as { code?: unknown }).code ?? (error instanceof Error ? error.name : typeof error);
    logger.error({ ...context, subject: message.subject, reason }, "mail about a committed change could not be sent");
  }
}

/** Activates a tenant and welcomes its administrators by e-mail. */
export async function approveTenant(actor: Actor, tenantId: string) {
  if (!isSuperAdmin(actor)) throw new Forbidden();
  const db = await getDb();
  const { tenant, admins } = await db.transaction(async (tx) => {
    const [existing] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for("update");
    if (!existing) throw new NotFound("Tenant not found");
    const [tenant] = await tx
      .update(tenants)
      .set({ isActive: true, approvedAt: new Date() })
      .where(eq(tenants.id, existing.id))
      .returning();
    if (!tenant) throw new NotFound("Tenant not found");
    const roleId = await tenantAdminRoleId(tx, tenant.id);
    const admins = roleId
      ? await tx
          .select({ email: users.email, fullName: users.fullName })
          .from(users)
          .innerJoin(userRoles, eq(userRoles.userId, users.id))
          .where(and(eq(users.tenantId, tenant.id), eq(userRoles.roleId, roleId), eq(users.isActive, true)))
      : [];
    await recordActivity(tx, {
      tenantId: tenant.id,
      actorUserId: actor.userId,
      action: "tenant.approved",
      summary: `${tenant.name} was approved`,
      subjectType: "tenant",
      subjectId: tenant.id,
    });
    return { tenant, admins };
  });
  for (const admin of admins) {
    await mailAfterCommit(welcomeMail({ to: admin.email, fullName: admin.fullName, tenantName: tenant.name }), {
      tenantId: tenant.id,
      action: "tenant.approved",
    });
  }
  return { message: `Tenant ${tenant.name} approved successfully`, tenant: tenantOut(tenant) };
}

export const TENANT_MESSAGES = {
  notFound: "Tenant not found",
  domainTaken: "A tenant with this domain already exists",
  domainImmutable: "The domain cannot be changed once created",
  platformDelete: "The platform tenant cannot be deleted",
  platformDeactivate: "The platform tenant cannot be deactivated",
  adminEmailTaken: "A user with this email already exists",
} as const;

export interface TenantListItem extends TenantOut {
  user_count: number;
  status: "active" | "pending_approval" | "inactive";
  is_platform: boolean;
}

function tenantListItem(tenant: typeof tenants.$inferSelect, userCount: number): TenantListItem {
  return {
    ...tenantOut(tenant),
    user_count: userCount,
    status: tenant.isActive ? "active" : tenant.approvedAt ? "inactive" : "pending_approval",
    is_platform: tenant.isPlatform,
  };
}

function assertSuperAdmin(actor: Actor) {
  if (!isSuperAdmin(actor)) throw new Forbidden();
}

/**
 * Tenants with their user counts, filtered, ordered (newest first, then id), counted and paged in ONE statement:
 * the total comes as a window count over the filtered tenants, each listed tenant's users are read from
 * tenant_user_counts (kept by triggers), never counted, and each row comes as the finished item. A tenant admin
 * sees only their own tenant.
 */
async function readTenants(actor: Actor, query: Page & { search?: string }): Promise<PageResult<TenantListItem>> {
  const db = await getDb();
  const statements = tenantListStatements(db, isSuperAdmin(actor), Boolean(query.search));
  const values = {
    tenantId: actor.tenantId,
    pattern: query.search ? `%${query.search.replace(/[\\%_]/g, "\\$&")}%` : null,
    limit: query.limit,
    offset: query.offset,
  };
  const rows = await statements.page.execute(values);
  // An offset past the end leaves no row to carry the total: only then is it counted on its own.
  const total = rows[0]?.total ?? (query.offset > 0 ? ((await statements.total.execute(values))[0]?.value ?? 0) : 0);
  return { items: rows.map((row) => row.item), total };
}

/** The page as the API sends it, kept while the data is unchanged (lib/services/list-cache.ts). */
export async function listTenantsJson(actor: Actor, query: Page & { search?: string }): Promise<ListPage> {
  // Checked here too, not only in the route: pages call this service directly.
  if (!actor.permissions.has("tenant.create") && !actor.permissions.has("tenant.view")) throw new Forbidden();
  return cachedListPage(actor, "tenants", query, async () => listPageOf(await readTenants(actor, query)));
}

/** The same page as objects, for the page that renders it on the server. */
export async function listTenants(actor: Actor, query: Page & { search?: string }): Promise<PageResult<TenantListItem>> {
  return itemsOfListPage<TenantListItem>(await listTenantsJson(actor, query));
}

/**
 * The tenant list's statements for one shape (super admin or not, searched or not), built once per database handle
 * with placeholders for the tenant, the pattern and the paging: building them cost the server more per request
 * than PostgreSQL spent running them.
 */
function tenantListStatements(db: Db, superAdmin: boolean, searched: boolean) {
  const key = `${superAdmin}:${searched}`;
  let cache = tenantListCache.get(db);
  if (!cache) {
    cache = new Map();
    tenantListCache.set(db, cache);
  }
  let statements = cache.get(key);
  if (!statements) {
    statements = buildTenantListStatements(db, superAdmin, searched);
    cache.set(key, statements);
  }
  return statements;
}

const tenantListCache = new WeakMap<Db, Map<string, ReturnType<typeof buildTenantListStatements>>>();

function buildTenantListStatements(db: Db, superAdmin: boolean, searched: boolean) {
  const pattern = sql.placeholder("pattern");
  const where = and(
    superAdmin ? undefined : eq(tenants.id, sql.placeholder("tenantId")),
    searched ? or(ilike(tenants.name, pattern), ilike(tenants.domain, pattern)) : undefined,
  );
  const page = db
    .select({ ...getTableColumns(tenants), total: sql<number>`count(*) over ()`.mapWith(Number).as("total") })
    .from(tenants)
    .where(where)
    .orderBy(desc(tenants.createdAt), tenants.id)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .as("page");
  // Each row is the list item as JSON, made in SQL with the keys in the order `tenantListItem` writes them and the
  // timestamp as `Date.toISOString()` writes it: the server passes it on instead of mapping every column. Qualified
  // by hand: drizzle leaves columns of a one-table select unqualified.
  const column = (name: string) => sql`"page".${sql.identifier(name)}`;
  return {
    page: db
      .select({
        total: page.total,
        item: sql<TenantListItem>`json_build_object('id', ${column("id")}, 'name', ${column("name")}, 'domain', ${column("domain")},
          'is_active', ${column("is_active")},
          'created_at', to_char(${column("created_at")} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
          'user_count', coalesce((select "counts"."active_users" + "counts"."inactive_users"
            from ${tenantUserCounts} as "counts" where "counts"."tenant_id" = ${column("id")}), 0),
          'status', case when ${column("is_active")} then 'active' when ${column("approved_at")} is not null then 'inactive' else 'pending_approval' end,
          'is_platform', ${column("is_platform")})`.mapWith((value: unknown) =>
          (typeof value === "string" ? JSON.parse(value) : value) as TenantListItem,
        ),
      })
      .from(page)
      .orderBy(desc(page.createdAt), page.id)
      .prepare("tenant_list_page"),
    total: db.select({ value: count() }).from(tenants).where(where).prepare("tenant_list_total"),
  };
}

/** A tenant with its number of users (from tenant_user_counts), if the actor may see it; else 404. */
async function tenantInReach(db: Db | Tx, actor: Actor, tenantId: string) {
  if (!isSuperAdmin(actor) && tenantId !== actor.tenantId) throw new NotFound(TENANT_MESSAGES.notFound);
  const [row] = await db
    .select({
      tenant: tenants,
      userCount: sql<number>`coalesce(${tenantUserCounts.activeUsers} + ${tenantUserCounts.inactiveUsers}, 0)`.mapWith(Number),
    })
    .from(tenants)
    .leftJoin(tenantUserCounts, eq(tenantUserCounts.tenantId, tenants.id))
    .where(eq(tenants.id, tenantId));
  if (!row) throw new NotFound(TENANT_MESSAGES.notFound);
  return row;
}

export async function getTenant(actor: Actor, tenantId: string): Promise<TenantListItem> {
  const row = await tenantInReach(await getDb(), actor, tenantId);
  return tenantListItem(row.tenant, row.userCount);
}

/** Creates a tenant with its Tenant Admin role and invites its administrator by e-mail. */
export async function createTenant(actor: Actor, input: z.infer<typeof tenantCreateInput>): Promise<TenantListItem> {
  assertSuperAdmin(actor);
  const domain = input.domain.toLowerCase();
  const adminEmail = input.admin_email.toLowerCase();
  const db = await getDb();
  const { tenant, roleId } = await db.transaction(async (tx) => {
    if ((await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.domain, domain)).limit(1)).length > 0) {
      throw new Conflict(TENANT_MESSAGES.domainTaken);
    }
    if ((await tx.select({ id: users.id }).from(users).where(eq(users.email, adminEmail)).limit(1)).length > 0) {
      throw new Conflict(TENANT_MESSAGES.adminEmailTaken);
    }
    const [tenant] = await tx
      .insert(tenants)
      .values({ name: input.name, domain, isActive: input.is_active, approvedAt: input.is_active ? new Date() : null })
      .returning()
      .catch((error: unknown) => {
        // Another request took the domain between the check and the insert.
        if (uniqueViolation(error) !== null) throw new Conflict(TENANT_MESSAGES.domainTaken);
        throw error;
      });
    if (!tenant) throw new Error("tenant insert returned nothing");
    const permissionIds = new Map(
      (await tx.select({ id: permissions.id, name: permissions.name }).from(permissions)).map((row) => [row.name, row.id]),
    );
    const roleId = await ensureRole(tx, ROLE_NAMES.TENANT_ADMIN, tenant.id, permissionIds);
    await recordActivity(tx, {
      tenantId: tenant.id,
      actorUserId: actor.userId,
      action: "tenant.created",
      summary: `${actor.fullName ?? actor.email} created ${tenant.name} for ${input.admin_full_name}`,
      subjectType: "tenant",
      subjectId: tenant.id,
    });
    return { tenant, roleId };
  });
  try {
    await createInvitation(actor, { email: adminEmail, role_id: roleId, tenant_id: tenant.id });
  } catch (error) {
    // The invitation runs in its own transaction (and mails after it); when it fails the tenant must not stay
    // behind without its administrator: remove it again (its role, invitation and activity cascade).
    await db.delete(tenants).where(eq(tenants.id, tenant.id));
    throw error;
  }
  return tenantListItem(tenant, 0);
}

export async function updateTenant(actor: Actor, tenantId: string, input: z.infer<typeof tenantUpdateInput>): Promise<TenantListItem> {
  assertSuperAdmin(actor);
  const db = await getDb();
  return db.transaction(async (tx) => {
    // Concurrent edits of one tenant wait for each other, so each checks the state the other left.
    await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.id, tenantId)).for("update");
    const { tenant } = await tenantInReach(tx, actor, tenantId);
    if (input.domain !== undefined && (input.domain ?? null) !== tenant.domain && (input.domain || tenant.domain)) {
      throw new BadRequest(TENANT_MESSAGES.domainImmutable);
    }
    if (tenant.isPlatform && input.is_active === false) throw new BadRequest(TENANT_MESSAGES.platformDeactivate);
    const activating = input.is_active === true && !tenant.isActive;
    await tx
      .update(tenants)
      .set({
        name: input.name ?? tenant.name,
        isActive: input.is_active ?? tenant.isActive,
        approvedAt: activating && !tenant.approvedAt ? new Date() : tenant.approvedAt,
      })
      .where(eq(tenants.id, tenant.id));
    if (input.is_active === false && tenant.isActive) {
      // Deactivation takes effect at once: every session of the tenant's users ends.
      await tx
        .update(refreshTokens)
        .set({ revokedAt: new Date() })
        .where(and(isNull(refreshTokens.revokedAt), inArray(refreshTokens.userId, tx.select({ id: users.id }).from(users).where(eq(users.tenantId, tenant.id)))));
    }
    await recordActivity(tx, {
      tenantId: tenant.id,
      actorUserId: actor.userId,
      action: "tenant.updated",
      summary: `${actor.fullName ?? actor.email} updated ${input.name ?? tenant.name}`,
      subjectType: "tenant",
      subjectId: tenant.id,
    });
    const updated = await tenantInReach(tx, actor, tenant.id);
    return tenantListItem(updated.tenant, updated.userCount);
  });
}

/** Deletes a tenant with all its data (rows cascade) and its stored files. */
export async function deleteTenant(actor: Actor, tenantId: string): Promise<void> {
  assertSuperAdmin(actor);
  const db = await getDb();
  const tenant = await db.transaction(async (tx) => {
    const { tenant } = await tenantInReach(tx, actor, tenantId);
    if (tenant.isPlatform) throw new BadRequest(TENANT_MESSAGES.platformDelete);
    await tx.delete(tenants).where(eq(tenants.id, tenant.id));
    const [platform] = await tx.select({ id: tenants.id }).from(tenants).where(eq(tenants.isPlatform, true)).limit(1);
    if (platform) {
      await recordActivity(tx, {
        tenantId: platform.id,
        actorUserId: actor.userId,
        action: "tenant.deleted",
        summary: `${actor.fullName ?? actor.email} deleted ${tenant.name}`,
        subjectType: "tenant",
        subjectId: tenant.id,
      });
    }
    return tenant;
  });
  // The rows are gone for good; files that cannot be removed now are logged, not answered as a failed deletion.
  try {
    await storage().deletePrefix(tenant.id);
  } catch (error) {
    logger.error({ tenantId: tenant.id, reason: error instanceof Error ? error.name : typeof error }, "files of a deleted tenant could not be removed");
  }
}
