"use client";

import { useCurrentUser } from "@/components/auth/current-user";
import { inferRole } from "@/lib/auth/permissions";
import { DashboardDenied } from "./parts";
import { SuperAdminDashboard } from "./super-admin-dashboard";
import { TenantAdminDashboard } from "./tenant-admin-dashboard";
import { UserDashboard } from "./user-dashboard";

/** The role-dependent dashboard of / and /dashboard (spec section 2); the role is inferred from permissions. */
export function Dashboard() {
  const { permissions, roles } = useCurrentUser();
  const role = inferRole(permissions, roles.map((r) => r.name));
  if (role === "super_admin") return <SuperAdminDashboard />;
  if (role === "tenant_admin") return <TenantAdminDashboard />;
  return permissions.includes("dashboard.view") ? <UserDashboard /> : <DashboardDenied />;
}
