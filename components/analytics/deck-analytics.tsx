"use client";

// A deck's analytics page: views and unique viewers over time, average completion, how many viewers reached each
// slide and how long they listened, the questions asked (those the material did not cover listed as content gaps),
// the sites that embed it, and a CSV export. The figures come from the daily rollups; changing the period reads
// them again.
import { ArrowLeft, Download, Eye, HelpCircle, PlayCircle, Users } from "lucide-react";
import Link from "next/link";
import { useRef, useState } from "react";
import { PageHeader } from "@/components/admin/page-header";
import { Panel, StatCard, StatGrid } from "@/components/dashboard/parts";
import { Badge } from "@/components/ui/badge";
import { buttonClasses } from "@/components/ui/button";
import { Select } from "@/components/ui/select";
import { toast } from "@/components/ui/use-toast";
import { api } from "@/lib/http/client";
import type { PresentationAnalyticsOut } from "@/lib/services/share-analytics";
import { DropOffChart, ViewsChart } from "./analytics-charts";
import { AnalyticsSwitch } from "./analytics-switch";

const PERIODS = [
  { value: "7", label: "Last 7 days" },
  { value: "30", label: "Last 30 days" },
  { value: "90", label: "Last 90 days" },
  { value: "365", label: "Last 12 months" },
] as const;

function percent(value: number | null): string {
  return value === null ? "—" : `${Math.round(value * 100)}%`;
}

function seconds(ms: number): string {
  return ms === 0 ? "—" : `${(ms / 1000).toFixed(ms < 10_000 ? 1 : 0)} s`;
}

export function DeckAnalytics({ initial, initialDays, canManage }: { initial: PresentationAnalyticsOut; initialDays: number; canManage: boolean }) {
  const [analytics, setAnalytics] = useState(initial);
  const [days, setDays] = useState(String(initialDays));
  const [loading, setLoading] = useState(false);
  // Only the answer to the latest choice is shown (an earlier, slower one is dropped).
  const latest = useRef(0);

  async function choosePeriod(value: string) {
    const request = ++latest.current;
    setDays(value);
    setLoading(true);
    try {
      const read = await api.get<PresentationAnalyticsOut>(`/presentations/${analytics.presentation_id}/analytics?days=${value}`);
      if (request === latest.current) setAnalytics(read);
    } catch {
      if (request === latest.current) toast({ title: "Error", description: "Failed to load analytics. Please try again.", variant: "destructive" });
    } finally {
      if (request === latest.current) setLoading(false);
    }
  }

  const { totals } = analytics;
  const gaps = analytics.questions.filter((question) => !question.covered);
  const answered = analytics.questions.filter((question) => question.covered);
  const csvHref = `/api/v1/presentations/${analytics.presentation_id}/analytics.csv?days=${days}`;
  return (
    <div className="mx-auto flex w-full max-w-6xl flex-col gap-6" aria-busy={loading}>
      <Link href={`/blogs/${analytics.blog_id}`} className="inline-flex w-fit items-center gap-1.5 text-sm font-medium text-slate-700 hover:text-slate-900">
        <ArrowLeft className="h-4 w-4" aria-hidden /> Back to blog
      </Link>
      <PageHeader
        title="Presentation Analytics"
        description={`${analytics.blog_title} · Version ${analytics.version_number}`}
        actions={
          <>
            <label className="sr-only" htmlFor="analytics-period">
              Period
            </label>
            <Select id="analytics-period" value={days} onChange={(event) => void choosePeriod(event.target.value)} options={PERIODS} className="w-44" />
            <a href={csvHref} download className={buttonClasses("outline", "md")}>
              <Download className="mr-2 h-4 w-4" aria-hidden /> Export CSV
            </a>
          </>
        }
      />
      <p className="sr-only" role="status">
        {loading ? "Loading analytics" : `Showing ${analytics.from} to ${analytics.to}`}
      </p>
      <AnalyticsSwitch enabled={analytics.analytics_enabled} canManage={canManage} onChange={(enabled) => setAnalytics((current) => ({ ...current, analytics_enabled: enabled }))} />

      <StatGrid count={4}>
        <StatCard title="Views" value={totals.views} caption={`${totals.plays} played`} icon={Eye} />
        <StatCard title="Unique Viewers" value={totals.unique_viewers} caption="Counted per day, no cookies" icon={Users} tone="emerald" />
        <CompletionCard completion={totals.average_completion} completions={totals.completions} />
        <StatCard title="Questions" value={totals.questions} caption={`${totals.answered} answered · ${totals.not_covered} not covered`} icon={HelpCircle} tone="amber" />
      </StatGrid>

      <Panel title="Views Over Time" description={`${analytics.from} to ${analytics.to} (UTC days)`}>
        <ViewsChart days={analytics.days} />
      </Panel>

      <div className="grid gap-6 lg:grid-cols-5">
        <Panel title="Slide Drop-off" description="Viewers who reached each slide, and how long they listened on average" className="lg:col-span-3">
          <DropOffChart slides={analytics.slides} />
          <table className="mt-4 w-full text-left text-sm" data-testid="slide-table">
            <caption className="sr-only">Viewers reached and average listening time per slide</caption>
            <thead className="text-xs uppercase tracking-wide text-slate-600">
              <tr>
                <th scope="col" className="py-2 pr-2 font-medium">Slide</th>
                <th scope="col" className="w-full py-2 pr-2 font-medium">Title</th>
                <th scope="col" className="py-2 pr-2 text-right font-medium">Viewers</th>
                <th scope="col" className="py-2 text-right font-medium">Heard</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {analytics.slides.map((slide) => (
                <tr key={slide.slide_number}>
                  <td className="py-2 pr-2 tabular-nums text-slate-700">{slide.slide_number}</td>
                  <td className="max-w-0 truncate py-2 pr-2 text-slate-900" title={slide.slide_title || undefined}>
                    {slide.slide_title || "Untitled"}
                  </td>
                  <td className="py-2 pr-2 text-right tabular-nums text-slate-900">{slide.viewers}</td>
                  <td className="py-2 text-right tabular-nums text-slate-700">{seconds(slide.average_heard_ms)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </Panel>
        <div className="flex flex-col gap-6 lg:col-span-2">
          <Panel title="Content Gaps" description="Questions the material did not cover">
            <QuestionList questions={gaps} empty="No unanswered questions in this period." gap />
          </Panel>
          <Panel title="Answered Questions">
            <QuestionList questions={answered} empty="No answered questions in this period." />
          </Panel>
          <Panel title="Embedded On" description="Sites that show this deck in a frame">
            {analytics.embeds.length === 0 ? (
              <p className="text-sm text-slate-600">Not embedded on any site in this period.</p>
            ) : (
              <ul className="divide-y divide-slate-100 text-sm" data-testid="embed-list">
                {analytics.embeds.map((embed) => (
                  <li key={embed.origin} className="flex items-center justify-between gap-3 py-2">
                    <span className="min-w-0 truncate text-slate-900">{embed.origin}</span>
                    <span className="shrink-0 tabular-nums text-slate-700">
                      {embed.views} {embed.views === 1 ? "view" : "views"}
                    </span>
                  </li>
                ))}
              </ul>
            )}
          </Panel>
        </div>
      </div>
    </div>
  );
}

function CompletionCard({ completion, completions }: { completion: number | null; completions: number }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5" role="group" aria-labelledby="stat-average-completion" data-testid="stat-average-completion">
      <div className="flex items-start justify-between gap-2">
        <p id="stat-average-completion" className="text-sm font-medium leading-snug text-slate-600">
          Average Completion
        </p>
        <span className="hidden h-9 w-9 shrink-0 items-center justify-center rounded-lg bg-sky-50 text-sky-700 min-[480px]:flex">
          <PlayCircle className="h-5 w-5" aria-hidden />
        </span>
      </div>
      <p className="mt-2 text-2xl font-semibold tabular-nums tracking-tight text-slate-900 sm:text-3xl">{percent(completion)}</p>
      <p className="mt-1 truncate text-xs text-slate-600">
        {completions} {completions === 1 ? "viewer" : "viewers"} heard it to the end
      </p>
    </div>
  );
}

function QuestionList({ questions, empty, gap = false }: { questions: PresentationAnalyticsOut["questions"]; empty: string; gap?: boolean }) {
  if (questions.length === 0) return <p className="text-sm text-slate-600">{empty}</p>;
  return (
    <ul className="divide-y divide-slate-100 text-sm" data-testid={gap ? "content-gaps" : "answered-questions"}>
      {questions.map((question) => (
        <li key={`${question.covered}-${question.question}`} className="flex items-start justify-between gap-3 py-2">
          <span className="min-w-0 break-words text-slate-900">{question.question}</span>
          <Badge variant={gap ? "warning" : "secondary"} className="shrink-0">
            {question.asked}×{gap ? " · Not covered" : ""}
          </Badge>
        </li>
      ))}
    </ul>
  );
}
