"use client";

import { BarChart3, Database, Gauge, HardDrive } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { cn } from "@/lib/cn";
import type { SuperAdminData, SystemAnalytics } from "./data";
import { formatBytes, formatCompact, formatCount, niceCeiling, percentOf } from "./format";
import { EmptyState, Panel } from "./parts";

interface BarProps {
  label: string;
  value: string;
  percent: number;
  /** Spoken value of the bar, e.g. '12 MB of 10 GB used'. */
  valueText: string;
  note?: string;
  tone: string;
}

function Bar({ label, value, percent, valueText, note, tone }: BarProps) {
  return (
    <div className="flex flex-col gap-2">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <span className="font-medium text-slate-700">{label}</span>
        <span className="text-right tabular-nums text-slate-500">{value}</span>
      </div>
      <div
        role="meter"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={Math.round(percent)}
        aria-valuetext={valueText}
        className="h-2 overflow-hidden rounded-full bg-slate-100"
      >
        <div className={cn("h-full rounded-full transition-[width] duration-500", tone)} style={{ width: `${Math.max(percent, percent > 0 ? 2 : 0)}%` }} />
      </div>
      {note ? <p className="text-xs text-slate-400">{note}</p> : null}
    </div>
  );
}

function figures(analytics: SystemAnalytics) {
  const requestsScale = niceCeiling(analytics.api_requests_24h);
  return {
    storage: {
      value: `${formatBytes(analytics.storage_used_bytes)} / ${formatBytes(analytics.storage_quota_bytes)}`,
      percent: percentOf(analytics.storage_used_bytes, analytics.storage_quota_bytes),
    },
    requests: {
      value: formatCompact(analytics.api_requests_24h),
      percent: percentOf(analytics.api_requests_24h, requestsScale),
      scale: requestsScale,
    },
    connections: {
      value: `${formatCount(analytics.database_connections)} / ${formatCount(analytics.database_max_connections)}`,
      percent: percentOf(analytics.database_connections, analytics.database_max_connections),
    },
  };
}

function AnalyticsBars({ analytics }: { analytics: SystemAnalytics }) {
  const f = figures(analytics);
  return (
    <div className="flex flex-col gap-5">
      <Bar
        label="Storage"
        value={f.storage.value}
        percent={f.storage.percent}
        valueText={`${f.storage.value} used`}
        tone="bg-brand-600"
      />
      <Bar
        label="API Requests"
        value={f.requests.value}
        percent={f.requests.percent}
        valueText={`${formatCount(analytics.api_requests_24h)} requests in the last 24 hours`}
        note="Last 24 hours"
        tone="bg-emerald-500"
      />
      <Bar
        label="Database Connections"
        value={f.connections.value}
        percent={f.connections.percent}
        valueText={`${f.connections.value} connections in use`}
        tone="bg-amber-500"
      />
    </div>
  );
}

function Detail({ label, value }: { label: string; value: string }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-2">
      <dt className="text-sm text-slate-500">{label}</dt>
      <dd className="text-right text-sm font-medium tabular-nums text-slate-900">{value}</dd>
    </div>
  );
}

function DetailGroup({ icon: Icon, title, children }: { icon: typeof Gauge; title: string; children: React.ReactNode }) {
  return (
    <div>
      <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
        <Icon className="h-4 w-4 text-slate-400" aria-hidden />
        {title}
      </h3>
      <dl className="mt-1 divide-y divide-slate-100">{children}</dl>
    </div>
  );
}

function DetailedAnalytics({ data, analytics }: { data: SuperAdminData; analytics: SystemAnalytics }) {
  const f = figures(analytics);
  return (
    <div className="flex flex-col gap-5">
      <DetailGroup icon={HardDrive} title="Storage">
        <Detail label="Used" value={`${formatBytes(analytics.storage_used_bytes)} (${formatCount(analytics.storage_used_bytes)} bytes)`} />
        <Detail label="Quota" value={formatBytes(analytics.storage_quota_bytes)} />
        <Detail label="Share of quota used" value={`${f.storage.percent.toFixed(f.storage.percent < 10 ? 2 : 1)}%`} />
      </DetailGroup>
      <DetailGroup icon={BarChart3} title="Traffic">
        <Detail label="API requests, last 24 hours" value={formatCount(analytics.api_requests_24h)} />
        <Detail label="Average per hour" value={formatCount(Math.round(analytics.api_requests_24h / 24))} />
      </DetailGroup>
      <DetailGroup icon={Database} title="Database">
        <Detail label="Connections in use" value={formatCount(analytics.database_connections)} />
        <Detail label="Maximum connections" value={formatCount(analytics.database_max_connections)} />
      </DetailGroup>
      <DetailGroup icon={Gauge} title="Platform">
        <Detail label="Tenants (active / total)" value={`${formatCount(data.activeTenants)} / ${formatCount(data.totalTenants)}`} />
        <Detail label="Users (active / total)" value={`${formatCount(data.activeUsers)} / ${formatCount(data.totalUsers)}`} />
        <Detail label="Projects" value={formatCount(data.totalProjects)} />
        <Detail label="Blogs" value={formatCount(data.totalBlogs)} />
        <Detail label="Presentations" value={formatCount(data.totalPresentations)} />
      </DetailGroup>
    </div>
  );
}

/** System Analytics: real storage, traffic and database figures (the spec's demonstration bars made real). */
export function SystemAnalyticsPanel({ data, className }: { data: SuperAdminData; className?: string }) {
  const [open, setOpen] = useState(false);
  const { analytics } = data;
  return (
    <Panel title="System Analytics" description="Live figures for the whole platform" className={className}>
      {analytics ? (
        <>
          <AnalyticsBars analytics={analytics} />
          <Button variant="outline" className="mt-6 w-full" onClick={() => setOpen(true)}>
            <BarChart3 className="h-4 w-4" aria-hidden />
            View Detailed Analytics
          </Button>
          <Dialog open={open} onOpenChange={setOpen}>
            <DialogContent className="max-w-[500px]">
              <DialogHeader>
                <DialogTitle>Detailed Analytics</DialogTitle>
                <DialogDescription>Storage, traffic, database and platform totals as of now.</DialogDescription>
              </DialogHeader>
              <DetailedAnalytics data={data} analytics={analytics} />
            </DialogContent>
          </Dialog>
        </>
      ) : (
        <EmptyState icon={BarChart3} title="System figures are unavailable" description="The statistics service did not answer." />
      )}
    </Panel>
  );
}
