"use client";

// The presentation edit page (/presentations/{presentationId}/edit, spec section 2): the Information card and two
// modes, a thumbnail grid with a large preview, and the full slide editor with Back to Thumbnails, Cancel and
// Save Changes. Saving sends the version the slides were loaded at: when someone else saved in between the server
// answers 409, nothing is written, and the page says so and offers a reload. The server renders the first view;
// this component polls thumbnails while they are redrawn and task-status while the deck is still generated.
import { AlertTriangle, ArrowLeft, LayoutGrid, LoaderCircle, Pencil, RefreshCw, Save, X } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { toast } from "@/components/ui/use-toast";
import { errorStatus, serverMessage } from "@/lib/errors/messages";
import { api } from "@/lib/http/client";
import type { PresentationOut, TaskStatusOut, ThumbnailOut } from "@/lib/services/presentations";
import { fromApiSlides, sameSlides, slidesProblem, toSlideInputs, type EditorSlide } from "../editor-slides";
import { SlideEditor } from "../slide-editor";
import { PresentationEditSkeleton } from "./edit-skeleton";
import { galleryOf, hasPendingImages, imageLimitOf, isGenerating } from "./edit-state";
import { GenerationProgress } from "./generation-progress";
import { InfoCard } from "./info-card";
import { SlidePreviewDialog } from "./slide-preview-dialog";
import { PresentationDenied, PresentationNotFound } from "./status-cards";
import { ThumbnailGrid } from "./thumbnail-grid";

/** Thumbnails and generation progress are asked for again every 2 s (spec section 9). */
const POLL_MS = 2000;
/** After a save: the toast, then the blog page after 100 ms, then a refresh of it after 200 ms (spec section 9). */
const NAVIGATE_AFTER_MS = 100;
const REFRESH_AFTER_MS = 200;

const LEAVE_QUESTION = "You have unsaved changes. Leave this page and discard them?";

export interface PresentationEditProps {
  presentationId: string;
  /** The presentation as GET /presentations/{id} answers it, read by the server; absent when it could not be. */
  initial?: PresentationOut;
  /** presentation.generate: without it the thumbnails are read-only. */
  canEdit: boolean;
}

type Load = { kind: "ready" } | { kind: "loading" } | { kind: "failed" } | { kind: "not-found" } | { kind: "denied" };

const errorToast = (description: string) => toast({ title: "Error", description, variant: "destructive" });

export function PresentationEdit({ presentationId, initial, canEdit }: PresentationEditProps) {
  const router = useRouter();
  const [presentation, setPresentation] = useState<PresentationOut | undefined>(initial);
  const [load, setLoad] = useState<Load>(initial ? { kind: "ready" } : { kind: "loading" });
  const [attempt, setAttempt] = useState(0);
  const [thumbnails, setThumbnails] = useState<ThumbnailOut[] | null>(null);
  const [thumbnailsFailed, setThumbnailsFailed] = useState(false);
  const [task, setTask] = useState<TaskStatusOut | null>(null);
  const [taskPolls, setTaskPolls] = useState(0);

  const [mode, setMode] = useState<"thumbnails" | "editor">("thumbnails");
  const [draft, setDraft] = useState<EditorSlide[] | null>(null);
  const [editorStart, setEditorStart] = useState<{ key?: string; session: number }>({ session: 0 });
  const [previewIndex, setPreviewIndex] = useState<number | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);
  const [conflict, setConflict] = useState<string | null>(null);
  const [reloading, setReloading] = useState(false);
  const [confirmDiscard, setConfirmDiscard] = useState(false);
  const [uploading, setUploading] = useState(false);

  const original = useMemo(() => (presentation ? fromApiSlides(presentation.slides) : []), [presentation]);
  const dirty = draft !== null && !saved && !sameSlides(draft, original);
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

  // Unsaved edits: the browser asks before the tab closes or reloads, and links inside the app ask too (the app
  // router has no navigation guard of its own, so a capturing click listener asks before Link sees the click).
  useEffect(() => {
    if (!dirty) return;
    const beforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      event.returnValue = "";
    };
    const click = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest("a[href]") : null;
      if (!(link instanceof HTMLAnchorElement) || link.target === "_blank" || link.hasAttribute("download")) return;
      if (new URL(link.href, window.location.href).origin !== window.location.origin) return;
      if (!window.confirm(LEAVE_QUESTION)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    window.addEventListener("beforeunload", beforeUnload);
    document.addEventListener("click", click, true);
    return () => {
      window.removeEventListener("beforeunload", beforeUnload);
      document.removeEventListener("click", click, true);
    };
  }, [dirty]);

  if (load.kind === "not-found") return <PresentationNotFound />;
  if (load.kind === "denied") return <PresentationDenied />;
  if (!presentation) {
    if (load.kind === "failed") {
      return (
        <Alert variant="destructive" className="mx-auto max-w-lg">
          <p className="font-medium">Failed to load presentation</p>
          <Button
            variant="outline"
            size="sm"
            className="mt-3"
            onClick={() => {
              setLoad({ kind: "loading" });
              setAttempt((count) => count + 1);
            }}
          >
            <RefreshCw className="h-4 w-4" aria-hidden />
            Try Again
          </Button>
        </Alert>
      );
    }
    return <PresentationEditSkeleton />;
  }

  const editable = canEdit && !generating;

  function openEditor(slideId?: string) {
    if (!editable) return;
    setPreviewIndex(null);
    setDraft((current) => current ?? original);
    setEditorStart((current) => ({ key: slideId, session: current.session + 1 }));
    setMode("editor");
    window.scrollTo({ top: 0 });
  }

  function discard() {
    setDraft(null);
    setConflict(null);
    setConfirmDiscard(false);
    setMode("thumbnails");
  }

  async function reload() {
    setReloading(true);
    try {
      const answer = await api.get<PresentationOut>(`/presentations/${presentationId}`);
      setPresentation(answer);
      setThumbnails(null);
      setThumbnailsFailed(false);
      setDraft(null);
      setConflict(null);
      setMode("thumbnails");
    } catch {
      errorToast("Failed to load presentation");
    } finally {
      setReloading(false);
    }
  }

  async function save() {
    if (!draft || !presentation) return;
    const problem = slidesProblem(draft);
    if (problem) {
      errorToast(problem);
      return;
    }
    setSaving(true);
    setConflict(null);
    try {
      await api.put<PresentationOut>(`/presentations/${presentationId}/update-slides`, { version: presentation.version, slides: toSlideInputs(draft) });
      setSaved(true);
      toast({ title: "Presentation Saved", description: "Your slides were saved. Their images are being updated." });
      const blogPage = `/blogs/${presentation.blog_id}`;
      setTimeout(() => router.push(blogPage), NAVIGATE_AFTER_MS);
      setTimeout(() => router.refresh(), REFRESH_AFTER_MS);
    } catch (error) {
      const message = serverMessage(error);
      if (errorStatus(error) === 409) setConflict(message ?? "This presentation was changed since you loaded it.");
      errorToast(message ?? "Failed to save presentation slides");
      setSaving(false);
    }
  }

  const busy = saving || saved;

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4">
        <Link href={`/blogs/${presentation.blog_id}`} className={buttonClasses("ghost", "sm", "-ml-3 self-start")}>
          <ArrowLeft className="h-4 w-4" aria-hidden />
          Back to Blog
        </Link>
        <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
          <div className="min-w-0">
            <p className="truncate text-sm font-medium text-brand-700">{presentation.blog_title}</p>
            <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">{editable ? "Edit Presentation" : "Presentation Slides"}</h1>
          </div>
          {mode === "editor" ? (
            <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap" role="toolbar" aria-label="Editor actions">
              <Button variant="ghost" onClick={() => setMode("thumbnails")} disabled={busy} className="order-last col-span-2 sm:order-none">
                <LayoutGrid className="h-4 w-4" aria-hidden />
                Back to Thumbnails
              </Button>
              <Button variant="outline" onClick={() => (dirty ? setConfirmDiscard(true) : discard())} disabled={busy}>
                <X className="h-4 w-4" aria-hidden />
                Cancel
              </Button>
              <Button onClick={() => void save()} disabled={busy || uploading} aria-busy={saving}>
                {busy ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden /> : <Save className="h-4 w-4" aria-hidden />}
                {busy ? "Saving..." : "Save Changes"}
              </Button>
            </div>
          ) : editable && gallery.length > 0 ? (
            <Button onClick={() => openEditor()} className="self-start sm:self-auto">
              <Pencil className="h-4 w-4" aria-hidden />
              {dirty ? "Continue Editing" : "Edit Slides"}
            </Button>
          ) : null}
        </div>
      </header>

      <InfoCard presentation={presentation} />

      {conflict ? (
        <Alert variant="destructive">
          <p className="font-medium">{conflict}</p>
          <p className="mt-1">Your changes were not saved. Reloading shows the current slides; your edits here are then discarded.</p>
          <Button variant="outline" size="sm" className="mt-3" onClick={() => void reload()} disabled={reloading}>
            <RefreshCw className={reloading ? "h-4 w-4 animate-spin" : "h-4 w-4"} aria-hidden />
            Reload Presentation
          </Button>
        </Alert>
      ) : null}

      {generating ? (
        <GenerationProgress task={task ?? { progress: presentation.progress, message: "Generating slides..." }} />
      ) : presentation.status === "failed" && gallery.length === 0 ? (
        <Alert variant="destructive">
          <p className="font-medium">Presentation generation failed. Please try again.</p>
          {presentation.error ? <p className="mt-1">{presentation.error}</p> : null}
        </Alert>
      ) : mode === "editor" && draft ? (
        <SlideEditor
          key={editorStart.session}
          slides={draft}
          onChange={setDraft}
          presentationId={presentation.id}
          imageLimit={imageLimitOf(presentation.generation_method)}
          disabled={busy}
          initialSlideKey={editorStart.key}
          onUploadingChange={setUploading}
        />
      ) : (
        <section aria-labelledby="thumbnails-title" className="flex flex-col gap-4">
          <div className="flex flex-wrap items-center justify-between gap-2">
            <h2 id="thumbnails-title" className="text-lg font-semibold text-slate-900">
              Slides <span className="font-normal text-slate-500">({gallery.length})</span>
            </h2>
            {pendingImages && !thumbnailsFailed ? (
              <p className="flex items-center gap-1.5 text-xs text-slate-500" role="status">
                <LoaderCircle className="h-3.5 w-3.5 animate-spin" aria-hidden />
                Updating slide images...
              </p>
            ) : null}
          </div>
          {dirty ? (
            <Alert>
              <div className="flex flex-col gap-2 sm:flex-row sm:items-center sm:justify-between">
                <p>You have unsaved changes in the editor. The thumbnails show the saved slides.</p>
                <div className="flex shrink-0 gap-2">
                  <Button size="sm" onClick={() => openEditor()}>
                    Continue Editing
                  </Button>
                  <Button size="sm" variant="outline" onClick={() => setConfirmDiscard(true)}>
                    Discard
                  </Button>
                </div>
              </div>
            </Alert>
          ) : null}
          {!canEdit ? (
            <p className="flex items-center gap-2 text-sm text-slate-500">
              <AlertTriangle className="h-4 w-4 shrink-0 text-amber-500" aria-hidden />
              You can view these slides. Editing them needs permission to generate presentations.
            </p>
          ) : null}
          {gallery.length > 0 ? (
            <ThumbnailGrid slides={gallery} canEdit={editable} onOpen={setPreviewIndex} onEdit={openEditor} />
          ) : (
            <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-500">This presentation has no slides.</p>
          )}
        </section>
      )}

      {previewIndex !== null && mode === "thumbnails" ? (
        <SlidePreviewDialog
          slides={gallery}
          index={previewIndex}
          canEdit={editable}
          onIndexChange={setPreviewIndex}
          onClose={() => setPreviewIndex(null)}
          onEdit={openEditor}
        />
      ) : null}

      <Dialog open={confirmDiscard} onOpenChange={setConfirmDiscard}>
        <DialogContent role="alertdialog" className="max-w-md">
          <DialogHeader>
            <DialogTitle>Discard changes?</DialogTitle>
            <DialogDescription>Your unsaved changes to the slides will be lost.</DialogDescription>
          </DialogHeader>
          <DialogFooter>
            <Button variant="outline" onClick={() => setConfirmDiscard(false)}>
              Keep Editing
            </Button>
            <Button variant="destructive" onClick={discard}>
              Discard Changes
            </Button>
          </DialogFooter>
        </DialogContent>
      </Dialog>
    </div>
  );
}
