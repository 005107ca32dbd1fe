"use client";

// Sharing a completed presentation (spec sections 2 and 8): POST /presentations/{id}/share makes (or returns) its
// public link; the dialog offers the link and an embed code to copy.
import { Check, Copy } from "lucide-react";
import { useEffect, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogClose, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Spinner } from "@/components/ui/spinner";
import { toast } from "@/components/ui/use-toast";
import { serverMessage } from "@/lib/errors/messages";
import { api } from "@/lib/http/client";
import type { PresentationSummary } from "@/lib/services/blogs";

export const SHARE_FAILED = "Failed to share presentation";
export const NO_SHARE_URL = "No share URL received";

/** The embed code of section 2: an iframe of the shared player, full width, 600 high, without a border. */
export function embedCode(shareUrl: string): string {
  const src = shareUrl.replace(/&/g, "&amp;").replace(/"/g, "&quot;");
  // The player records voice questions, plays the spoken answers and may go full screen: a frame must allow all
  // three, or the embedding page's browser refuses the microphone and full screen inside it.
  return `<iframe src="${src}" width="100%" height="600" frameborder="0" style="border: none;" allow="microphone; autoplay; fullscreen" allowfullscreen></iframe>`;
}

/** The server answers a path (or a full address); a path is appended to the site's origin. */
export function absoluteShareUrl(shareUrl: string, origin: string): string {
  return /^https?:\/\//i.test(shareUrl) ? shareUrl : `${origin}${shareUrl.startsWith("/") ? "" : "/"}${shareUrl}`;
}

type ShareState = { status: "loading" } | { status: "ready"; url: string } | { status: "failed"; message: string };

export function ShareDialog({ presentation, onClose }: { presentation: PresentationSummary; onClose: () => void }) {
  const [state, setState] = useState<ShareState>({ status: "loading" });

  useEffect(() => {
    let live = true;
    const share = async () => {
      let message: string;
      try {
        const answer = await api.post<{ share_url?: unknown }>(`/presentations/${encodeURIComponent(presentation.id)}/share`);
        const shareUrl = answer && typeof answer.share_url === "string" ? answer.share_url.trim() : "";
        if (shareUrl) {
          if (live) setState({ status: "ready", url: absoluteShareUrl(shareUrl, window.location.origin) });
          return;
        }
        message = NO_SHARE_URL;
      } catch (error) {
        message = serverMessage(error) ?? SHARE_FAILED;
      }
      if (!live) return;
      setState({ status: "failed", message });
      toast({ title: "Error", description: message, variant: "destructive" });
    };
    void share();
    return () => {
      live = false;
    };
  }, [presentation.id]);

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
        ) : (
          <div className="flex flex-col gap-4">
            <CopyField label="Share link" value={state.url} copied="Link copied to clipboard" failed="Failed to copy link to clipboard" />
            <CopyField
              label="Embed code"
              value={embedCode(state.url)}
              copied="Embed code copied to clipboard"
              failed="Failed to copy embed code to clipboard"
              multiline
            />
          </div>
        )}
        <DialogFooter>
          <DialogClose asChild>
            <Button variant="outline">Close</Button>
          </DialogClose>
        </DialogFooter>
      </DialogContent>
    </Dialog>
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
