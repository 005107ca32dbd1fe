"use client";

// The presentation edit page (/presentations/{presentationId}/edit, spec section 2): the Information card and two
// modes, a thumbnail grid with a large preview, and the full slide editor with Back to Thumbnails, Cancel and
// Save Changes. Saving sends the version the slides were loaded at: when someone else saved in between the server
// answers 409, nothing is written, and the page says so and offers a reload. The server renders the first view;
// use-presentation-data.ts polls thumbnails while they are redrawn and task-status while the deck is still generated.
import { ArrowLeft, Pencil } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useMemo, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { errorStatus, serverMessage } from "@/lib/errors/messages";
import { api } from "@/lib/http/client";
import type { PresentationOut } from "@/lib/services/presentations";
import { fromApiSlides, sameSlides, slidesProblem, toSlideInputs, type EditorSlide } from "../editor-slides";
import { SlideEditor } from "../slide-editor";
import { PresentationEditSkeleton } from "./edit-skeleton";
import { ConflictAlert, DiscardDialog, EditorToolbar, LoadFailed, ThumbnailsSection } from "./edit-parts";
import { imageLimitOf } from "./edit-state";
import { GenerationProgress } from "./generation-progress";
import { InfoCard } from "./info-card";
import { SlidePreviewDialog } from "./slide-preview-dialog";
import { PresentationDenied, PresentationNotFound } from "./status-cards";
import { useLeaveGuard } from "./use-leave-guard";
import { errorToast, usePresentationData } from "./use-presentation-data";

/** After a save: the toast, then the blog page after 100 ms, then a refresh of it after 200 ms (spec section 9). */
const NAVIGATE_AFTER_MS = 100;
const REFRESH_AFTER_MS = 200;

export interface PresentationEditProps {
  presentationId: string;
  /** The presentation as GET /presentations/{id} answers it, read by the server; absent when it could not be. */
  initial?: PresentationOut;
  /** presentation.generate: without it the thumbnails are read-only. */
  canEdit: boolean;
}

export function PresentationEdit({ presentationId, initial, canEdit }: PresentationEditProps) {
  const router = useRouter();
  const { presentation, load, task, gallery, generating, pendingImages, thumbnailsFailed, retry, reread } = usePresentationData(presentationId, initial);

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
  useLeaveGuard(dirty);

  if (load.kind === "not-found") return <PresentationNotFound />;
  if (load.kind === "denied") return <PresentationDenied />;
  if (!presentation) return load.kind === "failed" ? <LoadFailed onRetry={retry} /> : <PresentationEditSkeleton />;

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
    if (await reread()) {
      setDraft(null);
      setConflict(null);
      setMode("thumbnails");
    }
    setReloading(false);
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
            <EditorToolbar
              busy={busy}
              saving={saving}
              uploading={uploading}
              onBack={() => setMode("thumbnails")}
              onCancel={() => (dirty ? setConfirmDiscard(true) : discard())}
              onSave={() => void save()}
            />
          ) : editable && gallery.length > 0 ? (
            <Button onClick={() => openEditor()} className="self-start sm:self-auto">
              <Pencil className="h-4 w-4" aria-hidden />
              {dirty ? "Continue Editing" : "Edit Slides"}
            </Button>
          ) : null}
        </div>
      </header>

      <InfoCard presentation={presentation} />

      {conflict ? <ConflictAlert message={conflict} reloading={reloading} onReload={() => void reload()} /> : null}

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
        <ThumbnailsSection
          gallery={gallery}
          updating={pendingImages && !thumbnailsFailed}
          dirty={dirty}
          canEdit={canEdit}
          editable={editable}
          onOpen={setPreviewIndex}
          onEdit={openEditor}
          onDiscard={() => setConfirmDiscard(true)}
        />
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

      <DiscardDialog open={confirmDiscard} onOpenChange={setConfirmDiscard} onDiscard={discard} />
    </div>
  );
}
