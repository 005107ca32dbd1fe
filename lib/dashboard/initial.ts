// The dashboards' first view, read on the server from the services in one pass (the stats, and for a tenant
// admin the team's first page and the roles, side by side): the page arrives filled, with no fetch after load.
// Only server components import this module. Anything unexpected returns undefined and the dashboard loads as
// before in the browser, with its spec fallback (section 7) and error states.
import { asApiJson } from "@/lib/http/initial-data";
import { hasAnyPermission, hasPermission, type Actor } from "@/lib/auth/actor";
import { dashboardStats, type DashboardStats } from "@/lib/services/dashboard";
import { listRoles, type RoleOut } from "@/lib/services/roles";
import { listUsers, type UserListItem } from "@/lib/services/users";
import { userListQuery } from "@/lib/validation/users";
import { superAdminFromStats, TEAM_ROWS, tenantAdminFromStats, userFromStats, type DashboardInitial } from "./figures";

/**
 * The attribute the dashboard page puts around a dashboard drawn from these figures: the production server's page
 * cache (lib/http/dashboard-page.ts) keeps only renders that carry it.
 */
export const DASHBOARD_PAGE_MARK = "data-dashboard-page";

export async function dashboardInitial(actor: Actor): Promise<DashboardInitial | undefined> {
  // The permissions of the routes the browser would call: /dashboard/stats, /users and /roles.
  if (!hasPermission(actor, "dashboard.view")) return undefined;
  try {
    if (actor.role === "tenant_admin") {
      if (!hasPermission(actor, "user.view")) return undefined;
      // With the stats at hand the team is only the table's rows and the total (the browser's loader reads 500
      // for the counts of its fallback): what the server reads does not grow with the tenant.
      const query = userListQuery.parse({ tenant_id: actor.tenantId, limit: String(TEAM_ROWS) });
      const [stats, team, roles] = await Promise.all([
        dashboardStats(actor),
        listUsers(actor, query),
        hasAnyPermission(actor, ["role.view", "invitation.send"]) ? listRoles(actor, actor.tenantId).catch(() => null) : Promise.resolve(null),
      ]);
      const s = asApiJson<DashboardStats>(stats);
      if (s.type !== "tenant_admin") return undefined;
      const data = tenantAdminFromStats(
        s,
        asApiJson<{ items: UserListItem[]; total: number }>(team),
        roles ? asApiJson<RoleOut[]>(roles) : null,
        actor.tenantId,
      );
      return { type: "tenant_admin", data };
    }
    const s = asApiJson<DashboardStats>(await dashboardStats(actor));
    if (actor.role === "super_admin") return s.type === "super_admin" ? { type: "super_admin", data: superAdminFromStats(s) } : undefined;
    return s.type === "user" ? { type: "user", data: userFromStats(s) } : undefined;
  } catch {
    return undefined;
  }
}
