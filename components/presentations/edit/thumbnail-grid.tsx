"use client";

// The edit page's thumbnail grid (spec section 2; section 3 "Thumbnail"): each slide's small rendering, number and
// title; a placeholder with a spinner while its images are drawn again. A card opens the large preview; its edit
// button (only for people who may edit) opens the editor at that slide.
import { ImageIcon, LoaderCircle, Pencil } from "lucide-react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import type { GallerySlide } from "./edit-state";

interface ThumbnailGridProps {
  slides: GallerySlide[];
  canEdit: boolean;
  onOpen: (index: number) => void;
  onEdit: (slideId: string) => void;
}

export function ThumbnailGrid({ slides, canEdit, onOpen, onEdit }: ThumbnailGridProps) {
  return (
    <ol aria-label="Slide thumbnails" className="grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3 2xl:grid-cols-4">
      {slides.map((slide, index) => (
        <li key={slide.id} className="group relative flex flex-col overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm transition-shadow hover:shadow-md">
          <button
            type="button"
            onClick={() => onOpen(index)}
            aria-label={`Preview slide ${slide.number}: ${slide.title || "Untitled slide"}`}
            className="block text-left focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
          >
            <SlideImage slide={slide} url={slide.thumbnailUrl} size="small" />
          </button>
          <div className="flex items-center gap-2 border-t border-slate-100 px-3 py-2.5">
            <span className="flex h-6 min-w-6 shrink-0 items-center justify-center rounded-md bg-slate-100 px-1.5 text-xs font-semibold text-slate-600" aria-hidden>
              {slide.number}
            </span>
            <p className={cn("min-w-0 flex-1 truncate text-sm font-medium text-slate-900", !slide.title && "italic text-slate-400")} title={slide.title}>
              {slide.title || "Untitled slide"}
            </p>
            {canEdit ? (
              <Button variant="ghost" size="sm" className="h-8 w-8 shrink-0 px-0" aria-label={`Edit slide ${slide.number}`} onClick={() => onEdit(slide.id)}>
                <Pencil className="h-4 w-4" aria-hidden />
              </Button>
            ) : null}
          </div>
        </li>
      ))}
    </ol>
  );
}

/** A slide's rendering in a 16:9 frame, or the placeholder while it is drawn (or when it has none). */
export function SlideImage({ slide, url, size }: { slide: GallerySlide; url: string | null; size: "small" | "large" }) {
  return (
    <div className="relative aspect-video w-full overflow-hidden bg-slate-100">
      {url && !slide.pending ? (
        // eslint-disable-next-line @next/next/no-img-element -- a stored rendering served by /files/view; next/image adds nothing here
        <img
          src={url}
          alt={`Slide ${slide.number}: ${slide.title || "Untitled slide"}`}
          loading={size === "small" ? "lazy" : undefined}
          className="h-full w-full object-contain"
        />
      ) : (
        <div className="flex h-full w-full flex-col items-center justify-center gap-2 text-slate-400" role="status">
          {slide.pending ? (
            <>
              <LoaderCircle className={cn("animate-spin text-brand-500", size === "small" ? "h-6 w-6" : "h-8 w-8")} aria-hidden />
              <span className="text-xs font-medium text-slate-500">Updating slide image...</span>
            </>
          ) : (
            <>
              <ImageIcon className="h-6 w-6" aria-hidden />
              <span className="text-xs font-medium">No image yet</span>
            </>
          )}
        </div>
      )}
    </div>
  );
}
