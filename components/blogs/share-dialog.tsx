"use client";

// Sharing a completed presentation (spec sections 2 and 8): POST /presentations/{id}/share makes (or returns) its
// public link; the dialog says whether the link is live, offers it and an embed code to copy, and stops sharing
// (DELETE, after a confirmation): the link and every embed of it stop working at once, and sharing again makes a
// new link. A switch lets search engines index the shared page (off by default: a link is for those it is given to).
import { Check, Copy, Link2Off, Share2 } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { Switch } from "@/components/ui/switch";
import { toast } from "@/components/ui/use-toast";
import { serverMessage } from "@/lib/errors/messages";
import { api } from "@/lib/http/client";
import type { PresentationSummary } from "@/lib/services/blogs";
import { LocalTime } from "./local-time";

export const SHARE_FAILED = "Failed to share presentation";
export const NO_SHARE_URL = "No share URL received";
export const STOP_FAILED = "Failed to stop sharing";
export const INDEXING_FAILED = "Failed to change whether search engines may index the page";

/**
 * The embed code of section 2: an iframe of the shared player, full width, 600 high, without a border, titled with
 * the presentation's title (a screen reader names the frame by it).
 */
export function embedCode(shareUrl: string, title = "Narrated presentation"): string {
  const escape = (text: string) => text.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const src = escape(shareUrl);
  // The player records voice questions, plays the spoken answers and may go full screen: a frame must allow all
  // three, or the embedding page's browser refuses the microphone and full screen inside it.
  return `<iframe src="${src}" title="${escape(title)}" width="100%" height="600" frameborder="0" style="border: none;" allow="microphone; autoplay; fullscreen"></iframe>`;
}

/** The server answers a path (or a full address); a path is appended to the site's origin. */
export function absoluteShareUrl(shareUrl: string, origin: string): string {
  return /^https?:\/\//i.test(shareUrl) ? shareUrl : `${origin}${shareUrl.startsWith("/") ? "" : "/"}${shareUrl}`;
}

type ShareState =
  | { status: "loading" }
  | { status: "live"; url: string; since: string | null; confirming: boolean; stopping: boolean; searchIndexing: boolean; savingIndexing: boolean }
  | { status: "stopped" }
  | { status: "failed"; message: string };

export function ShareDialog({ presentation, title, onClose }: { presentation: PresentationSummary; title?: string; onClose: () => void }) {
  const [state, setState] = useState<ShareState>({ status: "loading" });
  const live = useRef(true);
  const path = `/presentations/${encodeURIComponent(presentation.id)}/share`;

  /** POST .../share: the live link, made when there is none. */
  const share = useCallback(async () => {
    setState({ status: "loading" });
    let message: string;
    try {
      const answer = await api.post<{ share_url?: unknown; created_at?: unknown; search_indexing?: unknown }>(path);
      const shareUrl = answer && typeof answer.share_url === "string" ? answer.share_url.trim() : "";
      if (shareUrl) {
        const since = typeof answer.created_at === "string" ? answer.created_at : null;
        const searchIndexing = answer.search_indexing === true;
        const url = absoluteShareUrl(shareUrl, window.location.origin);
        if (live.current) setState({ status: "live", url, since, confirming: false, stopping: false, searchIndexing, savingIndexing: false });
        return;
      }
      message = NO_SHARE_URL;
    } catch (error) {
      message = serverMessage(error) ?? SHARE_FAILED;
    }
    if (!live.current) return;
    setState({ status: "failed", message });
    toast({ title: "Error", description: message, variant: "destructive" });
  }, [path]);

  useEffect(() => {
    live.current = true;
    // The one request the dialog makes on opening; its answer sets the state.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    void share();
    return () => {
      live.current = false;
    };
  }, [share]);

  /** POST .../share with search_indexing: lets search engines index the shared page, or keeps them out again. */
  async function setSearchIndexing(searchIndexing: boolean) {
    if (state.status !== "live") return;
    setState({ ...state, searchIndexing, savingIndexing: true });
    try {
      const answer = await api.post<{ search_indexing?: unknown }>(path, { search_indexing: searchIndexing });
      if (!live.current) return;
      setState({ ...state, searchIndexing: answer?.search_indexing === true, savingIndexing: false });
    } catch (error) {
      if (!live.current) return;
      setState({ ...state, savingIndexing: false });
      toast({ title: "Error", description: serverMessage(error) ?? INDEXING_FAILED, variant: "destructive" });
    }
  }

  /** DELETE .../share: the link stops working at once. */
  async function stop() {
    if (state.status !== "live") return;
    setState({ ...state, stopping: true });
    try {
      await api.delete(path);
      if (!live.current) return;
      setState({ status: "stopped" });
      toast({ title: "Sharing Stopped", description: "The link and its embed code no longer work." });
    } catch (error) {
      if (!live.current) return;
      setState({ ...state, confirming: false, stopping: false });
      toast({ title: "Error", description: serverMessage(error) ?? STOP_FAILED, variant: "destructive" });
    }
  }

  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent className="max-w-xl">
        <DialogHeader>
          <DialogTitle>Share Presentation</DialogTitle>
          <DialogDescription>Anyone with the link can watch this presentation without signing in.</DialogDescription>
        </DialogHeader>
        {state.status === "loading" ? (
          <div className="flex justify-center py-6">
            <Spinner label="Creating share link" />
          </div>
        ) : state.status === "failed" ? (
          <Alert variant="destructive">{state.message}</Alert>
        ) : state.status === "stopped" ? (
          <div className="flex flex-col items-start gap-3">
            <LinkStatus live={false} />
            <p className="text-sm text-slate-600">
              The link and its embed code no longer work, for anyone who has them. Sharing again makes a new link.
            </p>
            <Button onClick={() => void share()}>
              <Share2 className="h-4 w-4" aria-hidden />
              Share again
            </Button>
          </div>
        ) : (
          <div className="flex flex-col gap-4">
            <LinkStatus live since={state.since} />
            <CopyField label="Share link" value={state.url} copied="Link copied to clipboard" failed="Failed to copy link to clipboard" />
            <CopyField
              label="Embed code"
              value={embedCode(state.url, title)}
              copied="Embed code copied to clipboard"
              failed="Failed to copy embed code to clipboard"
              multiline
            />
            <SearchIndexingSwitch checked={state.searchIndexing} saving={state.savingIndexing} onChange={(value) => void setSearchIndexing(value)} />
            {state.confirming ? (
              <div role="alertdialog" aria-labelledby={`${presentation.id}-stop`} aria-describedby={`${presentation.id}-stop-text`} className="rounded-lg border border-red-200 bg-red-50 p-3">
                <p id={`${presentation.id}-stop`} className="text-sm font-semibold text-red-900">
                  Stop sharing this presentation?
                </p>
                <p id={`${presentation.id}-stop-text`} className="mt-1 text-sm text-red-800">
                  The link stops working at once, for everyone who has it and on every page that embeds it. Sharing again later makes a new link.
                </p>
                <div className="mt-3 flex flex-wrap justify-end gap-2">
                  <Button variant="outline" size="sm" disabled={state.stopping} onClick={() => setState({ ...state, confirming: false })}>
                    Keep sharing
                  </Button>
                  <Button variant="destructive" size="sm" disabled={state.stopping} aria-busy={state.stopping} onClick={() => void stop()}>
                    {state.stopping ? "Stopping..." : "Stop sharing"}
                  </Button>
                </div>
              </div>
            ) : null}
          </div>
        )}
        <DialogFooter className="sm:justify-between">
          {state.status === "live" && !state.confirming ? (
            <Button variant="ghost" className="text-red-700 hover:bg-red-50" onClick={() => setState({ ...state, confirming: true })}>
              <Link2Off className="h-4 w-4" aria-hidden />
              Stop sharing
            </Button>
          ) : (
            <span className="hidden sm:block" aria-hidden />
          )}
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}

/** Whether search engines may index the shared page (its page says noindex unless switched on). */
function SearchIndexingSwitch({ checked, saving, onChange }: { checked: boolean; saving: boolean; onChange: (value: boolean) => void }) {
  const id = useId();
  return (
    <div className="flex items-start justify-between gap-4 rounded-lg border border-slate-200 p-3">
      <div className="min-w-0">
        <p id={`${id}-label`} className="text-sm font-medium text-slate-700">
          Show in search engines
        </p>
        <p id={`${id}-hint`} className="mt-0.5 text-xs text-slate-600">
          {checked
            ? "Search engines may list this presentation's page; anyone may find it."
            : "The page asks search engines not to list it: only people with the link find it."}
        </p>
      </div>
      <Switch
        checked={checked}
        disabled={saving}
        aria-busy={saving}
        aria-labelledby={`${id}-label`}
        aria-describedby={`${id}-hint`}
        onCheckedChange={onChange}
        className="mt-0.5"
      />
    </div>
  );
}

/** Whether the presentation's public link works now, and since when. */
function LinkStatus({ live, since = null }: { live: boolean; since?: string | null }) {
  return (
    <p className="flex items-center gap-2 text-sm font-medium" role="status">
      <span className={live ? "h-2.5 w-2.5 rounded-full bg-emerald-500" : "h-2.5 w-2.5 rounded-full bg-slate-400"} aria-hidden />
      {live ? (
        <span className="text-emerald-800">
          Link is live{since ? <span className="font-normal text-slate-500"> · shared since <LocalTime value={since} /></span> : null}
        </span>
      ) : (
        <span className="text-slate-700">Not shared</span>
      )}
    </p>
  );
}

interface CopyFieldProps {
  label: string;
  value: string;
  copied: string;
  failed: string;
  multiline?: boolean;
}

function CopyField({ label, value, copied, failed, multiline = false }: CopyFieldProps) {
  const id = useId();
  const [done, setDone] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(value);
      setDone(true);
      toast({ title: "Copied", description: copied });
    } catch {
      toast({ title: "Error", description: failed, variant: "destructive" });
    }
  }
  const fieldClass =
    "w-full min-w-0 rounded-lg border border-slate-300 bg-slate-50 px-3 py-2 font-mono text-xs text-slate-800 focus-visible:outline-2 focus-visible:outline-brand-600";
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor={id} className="text-sm font-medium text-slate-700">
        {label}
      </label>
      <div className="flex items-start gap-2">
        {multiline ? (
          <textarea id={id} readOnly value={value} rows={3} className={`${fieldClass} resize-none`} onFocus={(event) => event.currentTarget.select()} />
        ) : (
          <input id={id} readOnly value={value} className={`${fieldClass} h-10`} onFocus={(event) => event.currentTarget.select()} />
        )}
        <Button variant="outline" className="shrink-0" onClick={() => void copy()} aria-label={`Copy ${label.toLowerCase()}`}>
          {done ? <Check className="h-4 w-4 text-emerald-600" aria-hidden /> : <Copy className="h-4 w-4" aria-hidden />}
          <span className="hidden sm:inline">{done ? "Copied" : "Copy"}</span>
        </Button>
      </div>
    </div>
  );
}
