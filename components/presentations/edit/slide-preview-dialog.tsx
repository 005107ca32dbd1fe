"use client";

// The large preview of one slide (spec section 2): its web rendering and its content (title, slide text, narration
// script), with previous/next (buttons and arrow keys) and, for people who may edit, Edit Slide.
import { ChevronLeft, ChevronRight, Pencil } from "lucide-react";
import { Button } from "@/components/ui/button";
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { bulletsOf } from "../editor-slides";
import type { GallerySlide } from "./edit-state";
import { SlideImage } from "./thumbnail-grid";

interface SlidePreviewDialogProps {
  slides: GallerySlide[];
  index: number;
  canEdit: boolean;
  onIndexChange: (index: number) => void;
  onClose: () => void;
  onEdit: (slideId: string) => void;
}

export function SlidePreviewDialog({ slides, index, canEdit, onIndexChange, onClose, onEdit }: SlidePreviewDialogProps) {
  const slide = slides[index];
  if (!slide) return null;
  const bullets = bulletsOf(slide.body);
  const go = (step: number) => {
    const next = index + step;
    if (next >= 0 && next < slides.length) onIndexChange(next);
  };
  return (
    <Dialog open onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        className="max-w-4xl gap-5 p-4 sm:p-6"
        onKeyDown={(event) => {
          // Arrow keys page through the slides unless a control inside wants them.
          if (event.target instanceof HTMLTextAreaElement || event.target instanceof HTMLInputElement) return;
          if (event.key === "ArrowLeft") go(-1);
          if (event.key === "ArrowRight") go(1);
        }}
      >
        <DialogHeader>
          <DialogTitle className="break-words">
            Slide {slide.number}: {slide.title || "Untitled slide"}
          </DialogTitle>
          <DialogDescription>
            Slide {slide.number} of {slides.length}
          </DialogDescription>
        </DialogHeader>

        <div className="overflow-hidden rounded-lg border border-slate-200">
          <SlideImage slide={slide} url={slide.webImageUrl ?? slide.thumbnailUrl} size="large" />
        </div>

        <div className="grid gap-4 md:grid-cols-2">
          <section aria-labelledby="preview-text-title" className="min-w-0">
            <h3 id="preview-text-title" className="text-sm font-semibold text-slate-900">
              Slide text
            </h3>
            {bullets.length > 0 ? (
              <ul className="mt-2 flex list-disc flex-col gap-1 pl-5 text-sm text-slate-700">
                {bullets.map((bullet, position) => (
                  <li key={position} className="break-words">
                    {bullet}
                  </li>
                ))}
              </ul>
            ) : (
              <p className="mt-2 text-sm italic text-slate-400">No text on this slide.</p>
            )}
          </section>
          <section aria-labelledby="preview-script-title" className="min-w-0">
            <h3 id="preview-script-title" className="text-sm font-semibold text-slate-900">
              Narration script
            </h3>
            {slide.script ? (
              <p className="mt-2 max-h-48 overflow-y-auto whitespace-pre-wrap break-words rounded-lg bg-slate-50 p-3 text-sm leading-relaxed text-slate-700">
                {slide.script}
              </p>
            ) : (
              <p className="mt-2 text-sm italic text-slate-400">No narration script.</p>
            )}
          </section>
        </div>

        <div className="flex flex-col-reverse gap-2 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex gap-2">
            <Button variant="outline" size="sm" onClick={() => go(-1)} disabled={index === 0} aria-label="Previous slide">
              <ChevronLeft className="h-4 w-4" aria-hidden />
              Previous
            </Button>
            <Button variant="outline" size="sm" onClick={() => go(1)} disabled={index === slides.length - 1} aria-label="Next slide">
              Next
              <ChevronRight className="h-4 w-4" aria-hidden />
            </Button>
          </div>
          {canEdit ? (
            <Button size="sm" onClick={() => onEdit(slide.id)}>
              <Pencil className="h-4 w-4" aria-hidden />
              Edit Slide
            </Button>
          ) : null}
        </div>
      </DialogContent>
    </Dialog>
  );
}
