"use client";

// The edit page's parts (presentation-edit.tsx): the failed first load, the editor's toolbar, the conflict after a
// save, the thumbnails section and the question before edits are discarded.
import { AlertTriangle, LayoutGrid, LoaderCircle, RefreshCw, Save, X } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import type { GallerySlide } from "./edit-state";
import { ThumbnailGrid } from "./thumbnail-grid";

export function LoadFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <Alert variant="destructive" className="mx-auto max-w-lg">
      <p className="font-medium">Failed to load presentation</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onRetry}>
        <RefreshCw className="h-4 w-4" aria-hidden />
        Try Again
      </Button>
    </Alert>
  );
}

interface EditorToolbarProps {
  /** Saving, or saved and on the way to the blog page. */
  busy: boolean;
  saving: boolean;
  uploading: boolean;
  onBack: () => void;
  onCancel: () => void;
  onSave: () => void;
}

export function EditorToolbar({ busy, saving, uploading, onBack, onCancel, onSave }: EditorToolbarProps) {
  return (
    <div className="grid grid-cols-2 gap-2 sm:flex sm:flex-wrap" role="toolbar" aria-label="Editor actions">
      <Button variant="ghost" onClick={onBack} disabled={busy} className="order-last col-span-2 sm:order-none">
        <LayoutGrid className="h-4 w-4" aria-hidden />
        Back to Thumbnails
      </Button>
      <Button variant="outline" onClick={onCancel} disabled={busy}>
        <X className="h-4 w-4" aria-hidden />
        Cancel
      </Button>
      <Button onClick={onSave} disabled={busy || uploading} aria-busy={saving}>
        {busy ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden /> : <Save className="h-4 w-4" aria-hidden />}
        {busy ? "Saving..." : "Save Changes"}
      </Button>
    </div>
  );
}

export function ConflictAlert({ message, reloading, onReload }: { message: string; reloading: boolean; onReload: () => void }) {
  return (
    <Alert variant="destructive">
      <p className="font-medium">{message}</p>
      <p className="mt-1">Your changes were not saved. Reloading shows the current slides; your edits here are then discarded.</p>
      <Button variant="outline" size="sm" className="mt-3" onClick={onReload} disabled={reloading}>
        <RefreshCw className={reloading ? "h-4 w-4 animate-spin" : "h-4 w-4"} aria-hidden />
        Reload Presentation
      </Button>
    </Alert>
  );
}

interface ThumbnailsSectionProps {
  gallery: GallerySlide[];
  /** Images are being drawn again (and the thumbnails are still asked for). */
  updating: boolean;
  dirty: boolean;
  canEdit: boolean;
  editable: boolean;
  onOpen: (index: number) => void;
  onEdit: (slideId?: string) => void;
  onDiscard: () => void;
}

export function ThumbnailsSection({ gallery, updating, dirty, canEdit, editable, onOpen, onEdit, onDiscard }: ThumbnailsSectionProps) {
  return (
    <section aria-labelledby="thumbnails-title" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="thumbnails-title" className="text-lg font-semibold text-slate-900">
          Slides <span className="font-normal text-slate-500">({gallery.length})</span>
        </h2>
        {updating ? (
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
              <Button size="sm" onClick={() => onEdit()}>
                Continue Editing
              </Button>
              <Button size="sm" variant="outline" onClick={onDiscard}>
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
        <ThumbnailGrid slides={gallery} canEdit={editable} onOpen={onOpen} onEdit={onEdit} />
      ) : (
        <p className="rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center text-sm text-slate-500">This presentation has no slides.</p>
      )}
    </section>
  );
}

export function DiscardDialog({ open, onOpenChange, onDiscard }: { open: boolean; onOpenChange: (open: boolean) => void; onDiscard: () => void }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent role="alertdialog" className="max-w-md">
        <DialogHeader>
          <DialogTitle>Discard changes?</DialogTitle>
          <DialogDescription>Your unsaved changes to the slides will be lost.</DialogDescription>
        </DialogHeader>
        <DialogFooter>
          <Button variant="outline" onClick={() => onOpenChange(false)}>
            Keep Editing
          </Button>
          <Button variant="destructive" onClick={onDiscard}>
            Discard Changes
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
