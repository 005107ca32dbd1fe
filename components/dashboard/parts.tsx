import {
  Activity,
  Building2,
  FileText,
  FolderKanban,
  KeyRound,
  LogIn,
  Presentation,
  RefreshCw,
  ShieldCheck,
  UserPlus,
  type LucideIcon,
} from "lucide-react";
import { useSyncExternalStore, type ReactNode } from "react";
import { AccessDenied } from "@/components/admin/access-denied";
import { roleBadgeLabel } from "@/components/profile/role-label";
import { Alert } from "@/components/ui/alert";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { cn } from "@/lib/cn";
import type { ActivityItem } from "./data";
import { formatCount, formatDateTime, relativeAge } from "./format";
import { LOAD_ERROR_MESSAGE, LOAD_ERROR_TITLE } from "./use-dashboard-data";

export const DASHBOARD_DENIED = "You don't have permission to access this dashboard.";

export function DashboardDenied() {
  return <AccessDenied message={DASHBOARD_DENIED} />;
}

/** 'Welcome, Name!' with the role badge, a line on the page and its main action. */
export function DashboardHeader({
  name,
  role,
  description,
  action,
}: {
  name: string;
  role: string;
  description: string;
  action?: ReactNode;
}) {
  return (
    <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <div className="flex flex-wrap items-center gap-x-3 gap-y-2">
          <h1 className="min-w-0 break-words text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">Welcome, {name}!</h1>
          <Badge variant="secondary" data-testid="role-badge">
            {roleBadgeLabel(role)}
          </Badge>
        </div>
        <p className="mt-1.5 text-sm text-slate-500">{description}</p>
      </div>
      {action ? <div className="flex shrink-0 flex-wrap gap-2">{action}</div> : null}
    </div>
  );
}

const TONES = {
  brand: "bg-brand-50 text-brand-600",
  emerald: "bg-emerald-50 text-emerald-600",
  amber: "bg-amber-50 text-amber-600",
  sky: "bg-sky-50 text-sky-600",
  violet: "bg-violet-50 text-violet-600",
  rose: "bg-rose-50 text-rose-600",
} as const;

export type Tone = keyof typeof TONES;

function slug(text: string) {
  return text.toLowerCase().replace(/[^a-z0-9]+/g, "-");
}

export function StatCard({ title, value, caption, icon: Icon, tone = "brand" }: { title: string; value: number; caption?: string; icon: LucideIcon; tone?: Tone }) {
  const id = `stat-${slug(title)}`;
  return (
    <Card className="p-4 sm:p-5" role="group" aria-labelledby={id} data-testid={id}>
      <div className="flex items-start justify-between gap-2 sm:gap-3">
        <p id={id} className="text-sm font-medium leading-snug text-slate-500">
          {title}
        </p>
        <span className={cn("hidden h-9 w-9 shrink-0 items-center justify-center rounded-lg min-[480px]:flex", TONES[tone])}>
          <Icon className="h-5 w-5" aria-hidden />
        </span>
      </div>
      <p className="mt-2 text-2xl font-semibold tabular-nums tracking-tight text-slate-900 sm:text-3xl">{formatCount(value)}</p>
      {caption ? <p className="mt-1 truncate text-xs text-slate-500">{caption}</p> : null}
    </Card>
  );
}

export function StatGrid({ children, count }: { children: ReactNode; count: number }) {
  return (
    <div className={cn("grid grid-cols-2 gap-3 sm:gap-4", count >= 4 ? "xl:grid-cols-4" : count === 3 ? "xl:grid-cols-3" : "")}>
      {children}
    </div>
  );
}

/** A titled card section of a dashboard (a labelled region, so tests and screen readers can find it). */
export function Panel({
  title,
  description,
  action,
  className,
  children,
}: {
  title: string;
  description?: string;
  action?: ReactNode;
  className?: string;
  children: ReactNode;
}) {
  const id = `panel-${slug(title)}`;
  return (
    <Card className={cn("flex min-w-0 flex-col", className)}>
      <section aria-labelledby={id} className="flex flex-1 flex-col">
        <div className="flex items-start justify-between gap-3 p-5 pb-3 sm:px-6">
          <div className="min-w-0">
            <h2 id={id} className="text-base font-semibold text-slate-900">
              {title}
            </h2>
            {description ? <p className="mt-0.5 text-sm text-slate-500">{description}</p> : null}
          </div>
          {action}
        </div>
        <div className="flex flex-1 flex-col px-5 pb-5 sm:px-6">{children}</div>
      </section>
    </Card>
  );
}

export function EmptyState({ icon: Icon, title, description, children }: { icon: LucideIcon; title: string; description?: string; children?: ReactNode }) {
  return (
    <div className="flex flex-1 flex-col items-center justify-center gap-2 rounded-lg border border-dashed border-slate-200 px-4 py-8 text-center">
      <span className="flex h-10 w-10 items-center justify-center rounded-full bg-slate-100 text-slate-400">
        <Icon className="h-5 w-5" aria-hidden />
      </span>
      <p className="text-sm font-medium text-slate-700">{title}</p>
      {description ? <p className="text-sm text-slate-500">{description}</p> : null}
      {children ? <div className="mt-2">{children}</div> : null}
    </div>
  );
}

// One clock for every relative age on the page, ticking each half-minute while something shows one.
const clockListeners = new Set<() => void>();
let clockNow = Date.now();
let clockTimer: ReturnType<typeof setInterval> | undefined;

function subscribeToClock(listener: () => void): () => void {
  clockListeners.add(listener);
  clockNow = Date.now();
  clockTimer ??= setInterval(() => {
    clockNow = Date.now();
    for (const notify of clockListeners) notify();
  }, 30_000);
  return () => {
    clockListeners.delete(listener);
    if (clockListeners.size === 0 && clockTimer !== undefined) {
      clearInterval(clockTimer);
      clockTimer = undefined;
    }
  };
}

/**
 * A timestamp as a relative age, with the full date on hover and for machines. The server's text is counted from
 * the render (which the production server may send again for up to half a minute: lib/http/dashboard-page.ts); in
 * the browser the age is counted from now once the page has hydrated, and kept current while the page is open.
 */
export function Age({ value, className }: { value: string; className?: string }) {
  const now = useSyncExternalStore(
    subscribeToClock,
    () => clockNow,
    () => undefined,
  );
  return (
    <time
      dateTime={value}
      title={formatDateTime(value)}
      className={cn("whitespace-nowrap text-xs text-slate-400", className)}
      suppressHydrationWarning
    >
      {relativeAge(value, now === undefined ? undefined : new Date(now))}
    </time>
  );
}

function activityIcon(action: string): LucideIcon {
  if (action.includes("password")) return KeyRound;
  if (action === "user.signed_in") return LogIn;
  if (action.startsWith("user.") || action.startsWith("invitation.")) return UserPlus;
  if (action.startsWith("project.")) return FolderKanban;
  if (action.startsWith("blog.")) return FileText;
  if (action.startsWith("presentation.")) return Presentation;
  if (action.startsWith("tenant.")) return Building2;
  if (action.startsWith("permission.") || action.startsWith("role.")) return ShieldCheck;
  return Activity;
}

/** Recent Activity: up to 5 entries, newest first, or 'No recent activity'. */
export function ActivityPanel({ items, className }: { items: readonly ActivityItem[]; className?: string }) {
  return (
    <Panel title="Recent Activity" className={className}>
      {items.length === 0 ? (
        <EmptyState icon={Activity} title="No recent activity" />
      ) : (
        <ol className="flex flex-col divide-y divide-slate-100">
          {items.slice(0, 5).map((item) => {
            const Icon = activityIcon(item.action);
            return (
              <li key={item.id} className="flex items-start gap-3 py-3 first:pt-0 last:pb-0">
                <span className="mt-0.5 flex h-8 w-8 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-500">
                  <Icon className="h-4 w-4" aria-hidden />
                </span>
                <div className="min-w-0 flex-1">
                  <p className="break-words text-sm text-slate-700">{item.summary}</p>
                  <Age value={item.created_at} />
                </div>
              </li>
            );
          })}
        </ol>
      )}
    </Panel>
  );
}

/** Shown when the stats call and its fallback both failed. */
export function DashboardError({ message = LOAD_ERROR_MESSAGE, onRetry }: { message?: string; onRetry: () => void }) {
  return (
    <Alert variant="destructive" className="p-4">
      <p className="font-semibold">{LOAD_ERROR_TITLE}</p>
      <p className="mt-1">{message}</p>
      <Button variant="outline" size="sm" className="mt-3 border-red-200 text-red-700 hover:bg-red-100" onClick={onRetry}>
        <RefreshCw className="h-4 w-4" aria-hidden />
        Try again
      </Button>
    </Alert>
  );
}

/** The loading skeleton: header, stat cards and two panels, shaped like the content that follows. */
export function DashboardSkeleton({ stats = 4 }: { stats?: number }) {
  return (
    <div className="flex flex-col gap-6" aria-busy="true" aria-label="Loading dashboard" role="status">
      <div className="flex flex-col gap-2">
        <Skeleton className="h-8 w-64 max-w-full" />
        <Skeleton className="h-4 w-80 max-w-full" />
      </div>
      <StatGrid count={stats}>
        {Array.from({ length: stats }, (_, index) => (
          <Card key={index} className="flex flex-col gap-3 p-5">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-8 w-16" />
            <Skeleton className="h-3 w-20" />
          </Card>
        ))}
      </StatGrid>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-3">
        <Card className="flex flex-col gap-4 p-6 lg:col-span-2">
          <Skeleton className="h-5 w-40" />
          {Array.from({ length: 4 }, (_, index) => (
            <div key={index} className="flex items-center gap-3">
              <Skeleton className="h-9 w-9 rounded-full" />
              <div className="flex flex-1 flex-col gap-2">
                <Skeleton className="h-4 w-1/2" />
                <Skeleton className="h-3 w-1/3" />
              </div>
            </div>
          ))}
        </Card>
        <Card className="flex flex-col gap-4 p-6">
          <Skeleton className="h-5 w-32" />
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-3 w-full" />
          <Skeleton className="h-3 w-2/3" />
        </Card>
      </div>
    </div>
  );
}
