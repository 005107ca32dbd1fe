"use client";

import { useCurrentUser } from "@/components/auth/current-user";
import { DashboardDenied } from "./parts";
import { SuperAdminDashboard } from "./super-admin-dashboard";
import { TenantAdminDashboard } from "./tenant-admin-dashboard";
import { UserDashboard } from "./user-dashboard";

/**
 * The role-dependent dashboard of / and /dashboard (spec section 2). The role is the session's, inferred on the
 * server from the permissions and the built-in identity of the roles held, never from role names.
 */
export function Dashboard() {
  const { permissions, user } = useCurrentUser();
  const role = user.role;
  if (role === "super_admin") return <SuperAdminDashboard />;
  if (role === "tenant_admin") return <TenantAdminDashboard />;
  return permissions.includes("dashboard.view") ? <UserDashboard /> : <DashboardDenied />;
}
