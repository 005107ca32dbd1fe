"use client";

// The blog page's Presentations side panel (spec section 2): the versions newest first, each with its state
// (section 4) and its own Edit, View (in a new tab) and Share; Edit Presentation in the panel's header opens the
// first one, the newest; Retry for audio processing that timed out, and an empty state.
import { BarChart3, Captions, Eye, LoaderCircle, MonitorPlay, Pencil, RefreshCw, RotateCcw, Share2, Sparkles, TriangleAlert } from "lucide-react";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { Badge, type BadgeVariant } from "@/components/ui/badge";
import { toast } from "@/components/ui/use-toast";
import { errorStatus } from "@/lib/errors/messages";
import { api } from "@/lib/http/client";
import { Button, buttonClasses } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { PresentationSummary } from "@/lib/services/blogs";
import { LocalTime } from "./local-time";
import { audioState, failureReason, isViewable, methodLabel, offersRefresh, offersRetry, retryFailureMessage, statusLabel } from "./presentation-state";
import { Panel } from "./panel";

const STATUS_LOOK: Record<string, BadgeVariant> = {
  pending: "outline",
  processing: "warning",
  completed: "success",
  failed: "destructive",
};

interface PresentationsPanelProps {
  blogId: string;
  presentations: PresentationSummary[];
  canGenerate: boolean;
  /** The presentation named by '?view=' after its creation: highlighted and scrolled to. */
  highlight?: string;
  now: number;
  refreshing: boolean;
  onRefresh: () => void;
  onShare: (presentation: PresentationSummary) => void;
}

export function PresentationsPanel({ blogId, presentations, canGenerate, highlight, now, refreshing, onRefresh, onShare }: PresentationsPanelProps) {
  const first = presentations[0];
  return (
    <Panel
      title="Presentations"
      icon={MonitorPlay}
      count={presentations.length}
      className="lg:sticky lg:top-6"
      actions={
        first && canGenerate ? (
          <Link href={`/presentations/${first.id}/edit`} className={buttonClasses("outline", "sm")}>
            <Pencil className="h-4 w-4" aria-hidden />
            Edit Presentation
          </Link>
        ) : null
      }
    >
      {first ? (
        <ul className="flex flex-col gap-3">
          {presentations.map((presentation) => (
            <PresentationItem
              key={presentation.id}
              presentation={presentation}
              latest={presentation === first && presentations.length > 1}
              canGenerate={canGenerate}
              highlighted={presentation.id === highlight}
              now={now}
              refreshing={refreshing}
              onRefresh={onRefresh}
              onShare={onShare}
            />
          ))}
        </ul>
      ) : (
        <div className="flex flex-col items-center gap-2 rounded-lg border border-dashed border-slate-300 px-4 py-8 text-center">
          <MonitorPlay className="h-8 w-8 text-slate-300" aria-hidden />
          <p className="font-medium text-slate-700">No presentations yet</p>
          <p className="text-sm text-slate-500">
            {canGenerate ? "Turn this blog's sources into a narrated presentation." : "Presentations made from this blog will appear here."}
          </p>
          {canGenerate ? (
            <Link href={`/presentations/generate/${blogId}`} className={buttonClasses("primary", "sm", "mt-2")}>
              <Sparkles className="h-4 w-4" aria-hidden />
              Generate Presentation
            </Link>
          ) : null}
        </div>
      )}
    </Panel>
  );
}

interface PresentationItemProps {
  presentation: PresentationSummary;
  /** The newest of several versions: the one Edit Presentation opens. */
  latest: boolean;
  canGenerate: boolean;
  highlighted: boolean;
  now: number;
  refreshing: boolean;
  onRefresh: () => void;
  onShare: (presentation: PresentationSummary) => void;
}

function PresentationItem({ presentation, latest, canGenerate, highlighted, now, refreshing, onRefresh, onShare }: PresentationItemProps) {
  const item = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (highlighted) item.current?.scrollIntoView({ block: "center", behavior: "smooth" });
  }, [highlighted]);
  const [retrying, setRetrying] = useState(false);
  const viewable = isViewable(presentation, now);
  const audio = audioState(presentation, now);
  const reason = failureReason(presentation, now);
  const label = `Presentation version ${presentation.version_number}`;
  /** POST /presentations/{id}/retry-webhook: the narration job runs again; the page polls until it finishes. */
  async function retry() {
    setRetrying(true);
    try {
      await api.post(`/presentations/${encodeURIComponent(presentation.id)}/retry-webhook`);
      toast({ title: "Audio Processing Restarted", description: "The presentation's audio is being processed again." });
      onRefresh();
    } catch (error) {
      toast({ title: "Error", description: retryFailureMessage(errorStatus(error)), variant: "destructive" });
    } finally {
      setRetrying(false);
    }
  }

  return (
    <li
      ref={item}
      aria-label={label}
      aria-current={highlighted ? "true" : undefined}
      className={cn(
        "rounded-lg border p-4 transition-shadow",
        highlighted ? "border-brand-500 bg-brand-50/60 ring-2 ring-brand-500/30" : "border-slate-200 bg-white",
      )}
    >
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="font-medium text-slate-900">
          Version {presentation.version_number}
          {highlighted ? (
            <span className="ml-2 text-xs font-semibold uppercase tracking-wide text-brand-700">New</span>
          ) : latest ? (
            <span className="ml-2 text-xs font-semibold uppercase tracking-wide text-slate-500">Latest</span>
          ) : null}
        </p>
        {/* 'Ready' is green only when the deck can be played: not while its audio is being made, nor when that failed. */}
        <Badge variant={presentation.status === "completed" && !viewable ? "outline" : (STATUS_LOOK[presentation.status] ?? "outline")}>
          {statusLabel(presentation.status)}
        </Badge>
      </div>
      <dl className="mt-2 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-xs text-slate-600">
        <dt className="text-slate-400">Method</dt>
        <dd>{methodLabel(presentation.generation_method)}</dd>
        <dt className="text-slate-400">Template</dt>
        <dd className="capitalize">{presentation.template}</dd>
        <dt className="text-slate-400">Created</dt>
        <dd>
          <LocalTime value={presentation.created_at} />
        </dd>
      </dl>
      {audio === "processing" ? (
        <p className="mt-3 flex items-center gap-1.5 text-xs font-medium text-amber-700">
          <LoaderCircle className="h-3.5 w-3.5 animate-spin" aria-hidden />
          Audio Processing...
        </p>
      ) : null}
      {audio === "timeout" ? (
        // The narration's failure and its reason together (the provider that failed and why, as the server kept it).
        <div className="mt-3 rounded-md border border-red-200 bg-red-50 px-3 py-2 text-xs text-red-800" role="status">
          <p className="flex items-center gap-1.5 font-semibold">
            <TriangleAlert className="h-3.5 w-3.5 shrink-0" aria-hidden />
            Processing Timeout
          </p>
          {reason ? <p className="mt-1 break-words">{reason}</p> : null}
        </div>
      ) : reason ? (
        <p className="mt-2 text-xs text-red-700" role="status">
          {reason}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {canGenerate ? (
          <Link href={`/presentations/${presentation.id}/edit`} className={buttonClasses("outline", "sm")} aria-label={`Edit ${label}`}>
            <Pencil className="h-4 w-4" aria-hidden />
            Edit
          </Link>
        ) : null}
        {viewable ? (
          <a
            href={`/presentations/${presentation.id}/view`}
            target="_blank"
            rel="noopener noreferrer"
            className={buttonClasses("primary", "sm")}
            aria-label={`View ${label}`}
          >
            <Eye className="h-4 w-4" aria-hidden />
            View
          </a>
        ) : (
          <Button size="sm" disabled aria-label={`View ${label}`}>
            <Eye className="h-4 w-4" aria-hidden />
            View
          </Button>
        )}
        <Button variant="outline" size="sm" disabled={!viewable} onClick={() => onShare(presentation)} aria-label={`Share ${label}`}>
          <Share2 className="h-4 w-4" aria-hidden />
          Share
        </Button>
        {viewable ? (
          // The narration's captions (WebVTT), for a video editor, a course platform or a transcript.
          <a
            href={`/api/v1/presentations/${presentation.id}/captions.vtt?download=true`}
            download
            className={buttonClasses("ghost", "sm")}
            aria-label={`Download the captions of ${label}`}
          >
            <Captions className="h-4 w-4" aria-hidden />
            Captions
          </a>
        ) : null}
        {viewable ? (
          // What happened once it was played or shared: views, slides heard, questions, embedding sites.
          <Link href={`/presentations/${presentation.id}/analytics`} className={buttonClasses("ghost", "sm")} aria-label={`Analytics of ${label}`}>
            <BarChart3 className="h-4 w-4" aria-hidden />
            Analytics
          </Link>
        ) : null}
        {offersRetry(presentation, now) ? (
          <Button variant="destructive" size="sm" onClick={() => void retry()} disabled={retrying} aria-label={`Retry audio processing of ${label}`}>
            <RotateCcw className={cn("h-4 w-4", retrying && "animate-spin")} aria-hidden />
            Retry
          </Button>
        ) : null}
        {offersRefresh(presentation, now) ? (
          <Button variant="ghost" size="sm" onClick={onRefresh} disabled={refreshing} aria-label="Refresh status">
            <RefreshCw className={cn("h-4 w-4", refreshing && "animate-spin")} aria-hidden />
            Refresh
          </Button>
        ) : null}
      </div>
    </li>
  );
}
