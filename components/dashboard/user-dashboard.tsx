"use client";

import { Activity, ArrowRight, Eye, FileText, FolderKanban, FolderPlus, Mail, Presentation, UserRound, type LucideIcon } from "lucide-react";
import Link from "next/link";
import { useCurrentUser } from "@/components/auth/current-user";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { loadUser, type UserDashboardData } from "./data";
import { formatDate } from "./format";
import { ActivityPanel, DashboardError, DashboardHeader, DashboardSkeleton, EmptyState, Panel, StatCard, StatGrid } from "./parts";
import { useDashboardData } from "./use-dashboard-data";

// The projects page opens its create dialog for this address (content issue).
const NEW_PROJECT_HREF = "/projects?new=1";

function QuickLink({ href, icon: Icon, children }: { href: string; icon: LucideIcon; children: React.ReactNode }) {
  return (
    <Link
      href={href}
      className={cn(
        "group flex items-center gap-3 rounded-lg border border-slate-200 px-3 py-2.5 text-sm font-medium text-slate-700 transition-colors",
        "hover:border-brand-200 hover:bg-brand-50/60 hover:text-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
      )}
    >
      <Icon className="h-4 w-4 shrink-0 text-brand-600" aria-hidden />
      <span className="flex-1">{children}</span>
      <ArrowRight className="h-4 w-4 shrink-0 text-slate-300 transition-transform group-hover:translate-x-0.5 group-hover:text-brand-600" aria-hidden />
    </Link>
  );
}

function InfoRow({ label, children }: { label: string; children: React.ReactNode }) {
  return (
    <div className="flex items-center justify-between gap-4 py-2.5">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="min-w-0 truncate text-right text-sm font-medium text-slate-900">{children}</dd>
    </div>
  );
}

/** An ordinary member's dashboard: their content, profile, activity and shortcuts allowed by their permissions. */
export function UserDashboard({ initial }: { initial?: UserDashboardData }) {
  const { user, permissions } = useCurrentUser();
  const can = (permission: string) => permissions.includes(permission);
  const { data, error, reload } = useDashboardData(loadUser, undefined, initial);

  if (!data) return error ? <DashboardError onRetry={reload} /> : <DashboardSkeleton />;

  const quickLinks = [
    can("project.view") && { href: "/projects", icon: FolderKanban, label: "View All Projects" },
    can("project.create") && { href: NEW_PROJECT_HREF, icon: FolderPlus, label: "Create New Project" },
    can("blog.view") && { href: data.latestBlogId ? `/blogs/${data.latestBlogId}` : "/projects", icon: FileText, label: "Recent Blogs" },
    can("presentation.view") && {
      href: data.latestPresentationId ? `/presentations/${data.latestPresentationId}/view` : "/projects",
      icon: Presentation,
      label: "My Presentations",
    },
  ].filter((link) => link !== false);

  return (
    <div className="flex flex-col gap-6">
      <DashboardHeader
        name={user.full_name || user.email}
        role={user.role}
        description="Here's what's happening with your projects."
        action={
          can("project.create") ? (
            <Link href={NEW_PROJECT_HREF} className={buttonClasses()}>
              <FolderPlus className="h-4 w-4" aria-hidden />
              New Project
            </Link>
          ) : null
        }
      />
      {error ? <DashboardError onRetry={reload} /> : null}

      <StatGrid count={4}>
        <StatCard title="My Projects" value={data.totalProjects} caption="Projects you can open" icon={FolderKanban} />
        <StatCard title="Recent Blogs" value={data.totalBlogs} caption="Blogs in your projects" icon={FileText} tone="violet" />
        <StatCard title="Presentations" value={data.totalPresentations} caption="Narrated decks" icon={Presentation} tone="sky" />
        <StatCard title="Activity" value={data.activityCount} caption="Things you have done" icon={Activity} tone="emerald" />
      </StatGrid>

      <div className="grid grid-cols-1 items-start gap-6 lg:grid-cols-3">
        <div className="flex min-w-0 flex-col gap-6 lg:col-span-2">
          <Panel
            title="Recent Projects"
            action={
              can("project.view") && data.recentProjects.length > 0 ? (
                <Link href="/projects" className="shrink-0 text-sm font-medium text-brand-700 hover:text-brand-900">
                  View all
                </Link>
              ) : null
            }
          >
            {data.recentProjects.length === 0 ? (
              <EmptyState icon={FolderKanban} title="No projects yet">
                {can("project.create") ? (
                  <Link href={NEW_PROJECT_HREF} className={buttonClasses("primary", "sm")}>
                    <FolderPlus className="h-4 w-4" aria-hidden />
                    Create Your First Project
                  </Link>
                ) : null}
              </EmptyState>
            ) : (
              <ul className="flex flex-col divide-y divide-slate-100" aria-label="Recent projects">
                {data.recentProjects.map((project) => (
                  <li key={project.id} className="flex items-center gap-3 py-3 first:pt-0 last:pb-0">
                    <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-sky-50 text-sky-600">
                      <FolderKanban className="h-5 w-5" aria-hidden />
                    </span>
                    <div className="min-w-0 flex-1">
                      <p className="truncate text-sm font-medium text-slate-900">{project.name}</p>
                      <p className="truncate text-xs text-slate-500">
                        {project.description ? `${project.description} · ` : ""}
                        Created {formatDate(project.created_at)}
                      </p>
                    </div>
                    <Link
                      href={`/projects/${project.id}/blogs`}
                      aria-label={`View ${project.name}`}
                      className={buttonClasses("outline", "sm", "shrink-0")}
                    >
                      <Eye className="h-4 w-4" aria-hidden />
                      View
                    </Link>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
          <ActivityPanel items={data.activity} />
        </div>

        <div className="flex min-w-0 flex-col gap-6">
          <Panel title="Profile Information">
            <dl className="divide-y divide-slate-100">
              <InfoRow label="Name">
                <span className="inline-flex items-center gap-1.5">
                  <UserRound className="h-4 w-4 text-slate-400" aria-hidden />
                  {user.full_name || "No Name Set"}
                </span>
              </InfoRow>
              <InfoRow label="Email">
                <span className="inline-flex min-w-0 items-center gap-1.5">
                  <Mail className="h-4 w-4 shrink-0 text-slate-400" aria-hidden />
                  <span className="truncate">{user.email}</span>
                </span>
              </InfoRow>
              <InfoRow label="Status">
                <Badge variant={user.is_active ? "success" : "destructive"}>{user.is_active ? "Active" : "Inactive"}</Badge>
              </InfoRow>
            </dl>
            <Link href="/profile" className="mt-3 self-start text-sm font-medium text-brand-700 hover:text-brand-900">
              Profile Settings
            </Link>
          </Panel>
          {quickLinks.length > 0 ? (
            <Panel title="Quick Actions">
              <nav aria-label="Quick actions" className="flex flex-col gap-2">
                {quickLinks.map((link) => (
                  <QuickLink key={link.label} href={link.href} icon={link.icon}>
                    {link.label}
                  </QuickLink>
                ))}
              </nav>
            </Panel>
          ) : null}
        </div>
      </div>
    </div>
  );
}
