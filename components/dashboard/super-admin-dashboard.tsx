"use client";

import { Building2, FileText, FolderKanban, Globe, Users } from "lucide-react";
import Link from "next/link";
import { useCurrentUser } from "@/components/auth/current-user";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { loadSuperAdmin, type SuperAdminData } from "./data";
import { formatCount, formatDate } from "./format";
import { DashboardError, DashboardHeader, DashboardSkeleton, EmptyState, Panel, StatCard, StatGrid } from "./parts";
import { SystemAnalyticsPanel } from "./system-analytics";
import { useDashboardData } from "./use-dashboard-data";

/** The platform operator's dashboard: totals, the newest tenants and live system figures. */
export function SuperAdminDashboard({ initial }: { initial?: SuperAdminData }) {
  const { user } = useCurrentUser();
  const { data, error, reload } = useDashboardData(loadSuperAdmin, undefined, initial);

  if (!data) return error ? <DashboardError onRetry={reload} /> : <DashboardSkeleton />;

  return (
    <div className="flex flex-col gap-6">
      <DashboardHeader
        name={user.full_name || user.email}
        role="super_admin"
        description="Platform overview across all organizations."
        action={
          <Link href="/admin/tenants" className={buttonClasses("outline")}>
            <Building2 className="h-4 w-4" aria-hidden />
            Manage Tenants
          </Link>
        }
      />
      {error ? <DashboardError onRetry={reload} /> : null}

      <StatGrid count={4}>
        <StatCard title="Total Tenants" value={data.totalTenants} caption="Organizations" icon={Building2} />
        <StatCard title="Total Users" value={data.totalUsers} caption={`${formatCount(data.activeUsers)} active`} icon={Users} tone="emerald" />
        <StatCard title="System Projects" value={data.totalProjects} caption="Across all tenants" icon={FolderKanban} tone="sky" />
        <StatCard
          title="Total Blogs"
          value={data.totalBlogs}
          caption={`${formatCount(data.totalPresentations)} presentations`}
          icon={FileText}
          tone="violet"
        />
      </StatGrid>

      <div className="grid grid-cols-1 items-stretch gap-6 lg:grid-cols-5">
        <Panel
          title="Recent Tenants"
          description="The newest organizations on the platform"
          className="lg:col-span-3"
          action={
            <Link href="/admin/tenants" className="shrink-0 text-sm font-medium text-brand-700 hover:text-brand-900">
              View all
            </Link>
          }
        >
          {data.recentTenants.length === 0 ? (
            <EmptyState icon={Building2} title="No tenants yet" />
          ) : (
            <ul className="flex flex-col divide-y divide-slate-100" aria-label="Recent tenants">
              {data.recentTenants.map((tenant) => (
                <li key={tenant.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                  <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 font-semibold text-brand-700" aria-hidden>
                    {tenant.name.slice(0, 1).toUpperCase()}
                  </span>
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900">{tenant.name}</p>
                    <p className="flex min-w-0 items-center gap-1 text-xs text-slate-500">
                      <Globe className="h-3 w-3 shrink-0" aria-hidden />
                      <span className="truncate">{tenant.domain || "No domain"}</span>
                      <span aria-hidden>·</span>
                      <span className="shrink-0">{formatDate(tenant.created_at)}</span>
                    </p>
                  </div>
                  <Badge variant={tenant.is_active ? "success" : "warning"} className="shrink-0">
                    {tenant.is_active ? "Active" : "Pending Approval"}
                  </Badge>
                </li>
              ))}
            </ul>
          )}
        </Panel>
        <SystemAnalyticsPanel data={data} className="lg:col-span-2" />
      </div>
    </div>
  );
}
