"use client";

import { useCurrentUser } from "@/components/auth/current-user";
import type { DashboardInitial } from "@/lib/dashboard/figures";
import { DashboardDenied } from "./parts";
import { SuperAdminDashboard } from "./super-admin-dashboard";
import { TenantAdminDashboard } from "./tenant-admin-dashboard";
import { UserDashboard } from "./user-dashboard";

/**
 * The role-dependent dashboard of / and /dashboard (spec section 2). The role is the session's, inferred on the
 * server from the permissions and the built-in identity of the roles held, never from role names. `initial`
 * (absent when the server could not read it) spares the dashboard its first fetch.
 */
export function Dashboard({ initial }: { initial?: DashboardInitial }) {
  const { permissions, user } = useCurrentUser();
  const role = user.role;
  if (role === "super_admin") return <SuperAdminDashboard initial={initial?.type === "super_admin" ? initial.data : undefined} />;
  if (role === "tenant_admin") return <TenantAdminDashboard initial={initial?.type === "tenant_admin" ? initial.data : undefined} />;
  return permissions.includes("dashboard.view") ? <UserDashboard initial={initial?.type === "user" ? initial.data : undefined} /> : <DashboardDenied />;
}
