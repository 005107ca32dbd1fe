"use client";

import { CreditCard, Download, FileText, FolderKanban, Mail, UserPlus, Users, type LucideIcon } from "lucide-react";
import dynamic from "next/dynamic";
import Link from "next/link";
import { useState } from "react";
import { TopDecksCard } from "@/components/analytics/top-decks-card";
import { useCurrentUser } from "@/components/auth/current-user";
import { roleName } from "@/components/profile/role-label";
import { Avatar } from "@/components/ui/avatar";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Table, TableBody, TableCell, TableHead, TableHeader, TableRow } from "@/components/ui/table";
import { toast } from "@/components/ui/use-toast";
import { usersCsvFileName, usersToCsv } from "@/lib/csv/users";
import { cn } from "@/lib/cn";
import { getErrorMessage } from "@/lib/errors/messages";
import { fetchTeamForExport, loadTenantAdmin, TEAM_ROWS, type TenantAdminData, type UserListItem } from "./data";
import { formatCount } from "./format";
import { ActivityPanel, Age, DashboardError, DashboardHeader, DashboardSkeleton, EmptyState, Panel, StatCard, StatGrid } from "./parts";
import { useDashboardData } from "./use-dashboard-data";

// The invitation dialog (a form and a Radix dialog) renders nothing until opened: it loads after the page.
const InviteUserDialog = dynamic(() => import("./invite-user-dialog").then((module) => module.InviteUserDialog), { ssr: false });


/** The tenant-admin table's status (spec section 4): invited rows 'Invited', inactive users 'Pending'. */
export function memberStatus(member: Pick<UserListItem, "status" | "is_active">): { label: "Active" | "Pending" | "Invited"; variant: BadgeVariant } {
  if (member.status === "invited") return { label: "Invited", variant: "secondary" };
  return member.is_active ? { label: "Active", variant: "success" } : { label: "Pending", variant: "warning" };
}

function downloadCsv(users: readonly UserListItem[]) {
  const blob = new Blob([usersToCsv(users)], { type: "text/csv;charset=utf-8" });
  const url = URL.createObjectURL(blob);
  const link = document.createElement("a");
  link.href = url;
  link.download = usersCsvFileName();
  link.style.display = "none";
  document.body.appendChild(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 1_000);
}

const actionClasses = cn(
  "flex min-h-24 flex-col items-center justify-center gap-2 rounded-xl border border-slate-200 bg-white p-4 text-center text-sm font-medium text-slate-700",
  "transition-colors hover:border-brand-200 hover:bg-brand-50/60 hover:text-brand-800",
  "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
  "disabled:pointer-events-none disabled:opacity-50",
);

function ActionIcon({ icon: Icon }: { icon: LucideIcon }) {
  return (
    <span className="flex h-10 w-10 items-center justify-center rounded-full bg-brand-50 text-brand-600">
      <Icon className="h-5 w-5" aria-hidden />
    </span>
  );
}

function TeamTable({ members, total }: { members: readonly UserListItem[]; total: number }) {
  if (members.length === 0) {
    return <EmptyState icon={Users} title="No team members yet" description="Invite users to get started" />;
  }
  return (
    <>
      <Table aria-label="Team Members" containerClassName="-mx-5 sm:-mx-6 w-auto">
        <TableHeader>
          <TableRow>
            <TableHead className="pl-5 sm:pl-6">User</TableHead>
            <TableHead className="pr-5 sm:pr-4">Status</TableHead>
            <TableHead className="hidden pr-5 sm:table-cell sm:pr-6">Role</TableHead>
          </TableRow>
        </TableHeader>
        <TableBody>
          {members.slice(0, TEAM_ROWS).map((member) => {
            const status = memberStatus(member);
            return (
              <TableRow key={`${member.status}-${member.id}`}>
                <TableCell className="pl-5 sm:pl-6">
                  <div className="flex min-w-0 items-center gap-3">
                    <Avatar fullName={member.full_name} email={member.email} size="sm" className={member.status === "invited" ? "opacity-60" : undefined} />
                    <div className="min-w-0">
                      <p className="max-w-[11rem] truncate font-medium text-slate-900 sm:max-w-xs">{member.full_name || member.email}</p>
                      {member.full_name ? <p className="max-w-[11rem] truncate text-xs text-slate-500 sm:max-w-xs">{member.email}</p> : null}
                      <p className="text-xs text-slate-400">
                        {/* On phones the Role column is folded into the user cell. */}
                        <span className="sm:hidden">{roleName(member.role)}</span>
                        {member.status === "invited" ? (
                          <>
                            <span className="sm:hidden"> · </span>
                            Invited <Age value={member.created_at} />
                          </>
                        ) : null}
                      </p>
                    </div>
                  </div>
                </TableCell>
                <TableCell className="pr-5 sm:pr-4">
                  <Badge variant={status.variant}>{status.label}</Badge>
                </TableCell>
                <TableCell className="hidden whitespace-nowrap pr-5 sm:table-cell sm:pr-6">{roleName(member.role)}</TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
      {total > TEAM_ROWS ? (
        <Link href="/admin/users" className="mt-4 self-start text-sm font-medium text-brand-700 hover:text-brand-900">
          View all {formatCount(total)} in User Management
        </Link>
      ) : null}
    </>
  );
}

/** A tenant admin's dashboard: team, invitations, quick actions and the tenant's recent activity. */
export function TenantAdminDashboard({ initial }: { initial?: TenantAdminData }) {
  const { user, permissions } = useCurrentUser();
  const canViewProjects = permissions.includes("project.view");
  const { data, error, loading, reload } = useDashboardData(() => loadTenantAdmin(user.tenant_id), getErrorMessage, initial);
  const [inviting, setInviting] = useState(false);
  const [exporting, setExporting] = useState(false);

  async function exportUsers() {
    setExporting(true);
    try {
      const users = await fetchTeamForExport(user.tenant_id);
      if (users.length === 0) {
        toast({ variant: "destructive", title: "No Users to Export", description: "There are no users available to export." });
        return;
      }
      downloadCsv(users);
      toast({ title: "Export Successful", description: `Successfully exported ${users.length} users to CSV file.` });
    } catch {
      toast({ variant: "destructive", title: "Export Failed", description: "Failed to export user list. Please try again." });
    } finally {
      setExporting(false);
    }
  }

  if (!data) return error ? <DashboardError message={getErrorMessage(error)} onRetry={reload} /> : <DashboardSkeleton />;

  const inviteButton = (
    <Button onClick={() => setInviting(true)}>
      <UserPlus className="h-4 w-4" aria-hidden />
      Invite User
    </Button>
  );

  return (
    <div className="flex flex-col gap-6">
      <DashboardHeader
        name={user.full_name || user.email}
        role="tenant_admin"
        description={user.tenant_name ? `Manage your team at ${user.tenant_name}.` : "Manage your team and organization."}
        action={inviteButton}
      />
      {error ? <DashboardError message={getErrorMessage(error)} onRetry={reload} /> : null}

      <StatGrid count={canViewProjects ? 4 : 2}>
        <StatCard title="Total Users" value={data.totalUsers} caption={`${formatCount(data.activeUsers)} active`} icon={Users} />
        <StatCard title="Pending Invitations" value={data.pendingInvitations} caption="Awaiting response" icon={Mail} tone="amber" />
        {canViewProjects ? (
          <>
            <StatCard title="Active Projects" value={data.totalProjects} caption="In your organization" icon={FolderKanban} tone="sky" />
            <StatCard title="Total Blogs" value={data.totalBlogs} caption="Across all projects" icon={FileText} tone="violet" />
          </>
        ) : null}
      </StatGrid>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <Panel
          title="Team Members"
          description="Users and pending invitations"
          className="lg:col-span-2"
          action={
            <Link href="/admin/users" className="shrink-0 text-sm font-medium text-brand-700 hover:text-brand-900">
              Manage
            </Link>
          }
        >
          <TeamTable members={data.members} total={data.membersTotal} />
        </Panel>

        <div className="flex min-w-0 flex-col gap-6">
          <Panel title="Quick Actions">
            <div className="grid grid-cols-2 gap-3">
              {canViewProjects ? (
                <Link href="/projects" className={actionClasses}>
                  <ActionIcon icon={FolderKanban} />
                  Manage Projects
                </Link>
              ) : null}
              <button type="button" className={actionClasses} onClick={() => setInviting(true)}>
                <ActionIcon icon={UserPlus} />
                Invite New User
              </button>
              <a href="/admin/subscription" target="_blank" rel="noopener noreferrer" className={actionClasses}>
                <ActionIcon icon={CreditCard} />
                Subscription Plans
              </a>
              <button
                type="button"
                className={actionClasses}
                onClick={() => void exportUsers()}
                disabled={loading || exporting || data.membersTotal === 0}
                aria-busy={exporting}
              >
                <ActionIcon icon={Download} />
                Export User List
              </button>
            </div>
          </Panel>
          <ActivityPanel items={data.activity} />
          {permissions.includes("presentation.view") ? <TopDecksCard /> : null}
        </div>
      </div>

      <InviteUserDialog open={inviting} onOpenChange={setInviting} tenantId={user.tenant_id} roles={data.roles} onInvited={reload} />
    </div>
  );
}
