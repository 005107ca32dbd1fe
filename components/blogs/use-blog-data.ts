"use client";

// The blog page's data: the server's first view, then GET /blogs/{id} again every 3 s while something on the page
// is still moving (a source being extracted, a presentation being generated or its audio processed). Polling
// stops when nothing is, on unmount, and for good on an answer that will not change by asking again (401, 403, 404).
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/use-toast";
import { errorStatus } from "@/lib/errors/messages";
import { api } from "@/lib/http/client";
import type { BlogOut } from "@/lib/services/blogs";
import { audioTimedOutSince, isInProgress, isTimedOut } from "./presentation-state";

/** Poll interval of the blog page (spec section 9: 3 s). */
export const BLOG_POLL_MS = 3000;

export const LOAD_FAILED = "Failed to load blog";

/** Whether the page should ask again: a source still pending, or (when shown) a presentation still moving. */
export function needsPolling(blog: BlogOut, now: number, withPresentations: boolean): boolean {
  if (blog.sources.some((source) => source.extraction_status === "pending")) return true;
  return withPresentations && blog.presentations.some((presentation) => isInProgress(presentation, now));
}

/** The spec's notices when a presentation's audio processing ends between two looks at the blog. */
function announceAudio(before: BlogOut, after: BlogOut, now: number): void {
  const previous = new Map(before.presentations.map((presentation) => [presentation.id, presentation]));
  for (const presentation of after.presentations) {
    if (presentation.status !== "completed") continue;
    const old = previous.get(presentation.id);
    if (!old || old.webhook_status === "completed" || isTimedOut(old, now)) continue;
    if (presentation.webhook_status === "completed") {
      toast({ title: "Audio Processing Complete", description: "The presentation is ready to view and share." });
    } else if (audioTimedOutSince(old, presentation, now)) {
      // Timed out on the server ('timeout'), or still unfinished 30 minutes after its last change: polling stops.
      toast({ title: "Audio Processing Timeout", description: "Audio processing took too long. Try again later.", variant: "destructive" });
    }
  }
}

function loadFailedToast(): void {
  toast({ title: "Error", description: LOAD_FAILED, variant: "destructive" });
}

export interface BlogData {
  blog: BlogOut | null;
  /** The first load failed (the server could not read it and neither could the browser). */
  failed: boolean;
  /** The time the page last looked at the blog (for the 30-minute audio timeout). */
  now: number;
  refreshing: boolean;
  refresh: () => Promise<void>;
}

export function useBlogData(blogId: string, initial: BlogOut | undefined, withPresentations: boolean): BlogData {
  const [blog, setBlog] = useState<BlogOut | null>(initial ?? null);
  const [failed, setFailed] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [refreshing, setRefreshing] = useState(false);
  const [now, setNow] = useState(() => Date.now());
  const latest = useRef(blog);

  const fetchBlog = useCallback(() => api.get<BlogOut>(`/blogs/${encodeURIComponent(blogId)}`), [blogId]);

  const accept = useCallback(
    (next: BlogOut) => {
      const at = Date.now();
      if (latest.current && withPresentations) announceAudio(latest.current, next, at);
      latest.current = next;
      setBlog(next);
      setNow(at);
    },
    [withPresentations],
  );

  // No first view from the server (it could not read the blog): the browser loads it once, with the spec's toast
  // on failure.
  useEffect(() => {
    if (latest.current) return;
    let live = true;
    fetchBlog()
      .then((next) => {
        if (live) accept(next);
      })
      .catch(() => {
        if (!live) return;
        setFailed(true);
        loadFailedToast();
      });
    return () => {
      live = false;
    };
  }, [fetchBlog, accept]);

  const polling = blog !== null && !stopped && needsPolling(blog, now, withPresentations);

  useEffect(() => {
    if (!polling) return;
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = async () => {
      try {
        const next = await fetchBlog();
        if (live) accept(next);
      } catch (error) {
        const status = errorStatus(error);
        if (live && (status === 401 || status === 403 || status === 404)) {
          // Signed out, access withdrawn or the blog deleted: asking again cannot help.
          live = false;
          setStopped(true);
          if (status !== 401) loadFailedToast();
          return;
        }
        // Anything else may be passing (a restart, a network blip): the next look tries again.
      }
      if (live) timer = setTimeout(tick, BLOG_POLL_MS);
    };
    timer = setTimeout(tick, BLOG_POLL_MS);
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [polling, fetchBlog, accept]);

  const refresh = useCallback(async () => {
    setRefreshing(true);
    try {
      accept(await fetchBlog());
      setFailed(false);
      setStopped(false);
    } catch {
      loadFailedToast();
    } finally {
      setRefreshing(false);
    }
  }, [fetchBlog, accept]);

  return { blog, failed, now, refreshing, refresh };
}
