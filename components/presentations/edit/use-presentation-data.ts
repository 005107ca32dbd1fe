"use client";

// What the edit page reads from the server (presentation-edit.tsx): the presentation (read here when the server's
// first view could not), its generation progress while it is generated (task-status every 2 s, then the finished
// presentation), and its thumbnails every 2 s while images are drawn again.
import { useEffect, useMemo, useState } from "react";
import { toast } from "@/components/ui/use-toast";
import { errorStatus } from "@/lib/errors/messages";
import { api } from "@/lib/http/client";
import type { PresentationOut, TaskStatusOut, ThumbnailOut } from "@/lib/services/presentations";
import { galleryOf, hasPendingImages, isGenerating } from "./edit-state";

/** Thumbnails and generation progress are asked for again every 2 s (spec section 9). */
const POLL_MS = 2000;

export type Load = { kind: "ready" } | { kind: "loading" } | { kind: "failed" } | { kind: "not-found" } | { kind: "denied" };

export const errorToast = (description: string) => toast({ title: "Error", description, variant: "destructive" });

export function usePresentationData(presentationId: string, initial: PresentationOut | undefined) {
  const [presentation, setPresentation] = useState<PresentationOut | undefined>(initial);
  const [load, setLoad] = useState<Load>(initial ? { kind: "ready" } : { kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [thumbnails, setThumbnails] = useState<ThumbnailOut[] | null>(null);
  const [thumbnailsFailed, setThumbnailsFailed] = useState(false);
  const [task, setTask] = useState<TaskStatusOut | null>(null);
  const [taskPolls, setTaskPolls] = useState(0);

  const gallery = useMemo(() => (presentation ? galleryOf(presentation, thumbnails) : []), [presentation, thumbnails]);
  const generating = presentation ? isGenerating(presentation.status) : false;
  const pendingImages = hasPendingImages(gallery);

  // No first view from the server (it could not read the presentation): load it here, with the spec's toast.
  useEffect(() => {
    if (presentation || load.kind !== "loading") return;
    let alive = true;
    api
      .get<PresentationOut>(`/presentations/${presentationId}`)
      .then((answer) => {
        if (!alive) return;
        setPresentation(answer);
        setLoad({ kind: "ready" });
      })
      .catch((error: unknown) => {
        if (!alive) return;
        const status = errorStatus(error);
        if (status === 404) setLoad({ kind: "not-found" });
        else if (status === 403) setLoad({ kind: "denied" });
        else {
          errorToast("Failed to load presentation");
          setLoad({ kind: "failed" });
        }
      });
    return () => {
      alive = false;
    };
  }, [presentation, load.kind, presentationId, attempt]);

  // Still being generated: poll task-status, then read the finished presentation.
  useEffect(() => {
    if (!generating) return;
    let alive = true;
    const timer = setTimeout(async () => {
      try {
        const status = await api.get<TaskStatusOut>(`/presentations/${presentationId}/task-status`);
        if (!alive) return;
        setTask(status);
        if (!isGenerating(status.status)) {
          const answer = await api.get<PresentationOut>(`/presentations/${presentationId}`);
          if (alive) setPresentation(answer);
        }
      } catch {
        // A missed poll is retried by the next one; the page keeps showing the last progress.
      } finally {
        if (alive) setTaskPolls((count) => count + 1);
      }
    }, POLL_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [generating, presentationId, taskPolls]);

  // Images being drawn again (after an edit, or a new deck): ask for the thumbnails every 2 s until all are ready.
  useEffect(() => {
    if (!presentation || generating || !pendingImages || thumbnailsFailed) return;
    let alive = true;
    const timer = setTimeout(async () => {
      try {
        const answer = await api.get<ThumbnailOut[]>(`/presentations/${presentationId}/thumbnails`);
        if (alive) setThumbnails(answer);
      } catch {
        if (!alive) return;
        errorToast("Failed to load slide thumbnails");
        setThumbnailsFailed(true);
      }
    }, POLL_MS);
    return () => {
      alive = false;
      clearTimeout(timer);
    };
  }, [presentation, generating, pendingImages, thumbnailsFailed, thumbnails, presentationId]);

  /** Try Again after a failed first load. */
  function retry() {
    setLoad({ kind: "loading" });
    setAttempt((count) => count + 1);
  }

  /** Reads the presentation again (after a conflict): its thumbnails start afresh. False when it could not be read. */
  async function reread(): Promise<boolean> {
    try {
      const answer = await api.get<PresentationOut>(`/presentations/${presentationId}`);
      setPresentation(answer);
      setThumbnails(null);
      setThumbnailsFailed(false);
      return true;
    } catch {
      errorToast("Failed to load presentation");
      return false;
    }
  }

  return { presentation, load, task, gallery, generating, pendingImages, thumbnailsFailed, retry, reread };
}
