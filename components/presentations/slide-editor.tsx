"use client";

// The shared slide editor (spec sections 2, 3 and 5): the numbered list of slides with add, remove, move (buttons,
// Alt+Arrow keys, drag) and the form of the selected slide: title, slide text, narration script, a custom picture
// and a preview. Controlled: every change goes out through onChange; only the selection and uploads in flight
// live here. Used by the edit page and by the creation wizard (manual, import and AI review steps).
// The list is slide-list.tsx, the selected slide's form slide-form.tsx, the picture upload use-slide-image-upload.ts.
import { Plus } from "lucide-react";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { SLIDE_MESSAGES, insertSlideAfter, moveSlide, newEditorSlide, removeSlide, type EditorSlide, type ImageLimit } from "./editor-slides";
import { SlideForm } from "./slide-form";
import { SlideList } from "./slide-list";
import { useSlideImageUpload } from "./use-slide-image-upload";

export interface SlideEditorProps {
  slides: EditorSlide[];
  onChange: (slides: EditorSlide[]) => void;
  /** The presentation the images belong to; 'temp-presentation-id' before it exists (spec: PowerPoint import). */
  presentationId: string;
  imageLimit: ImageLimit;
  disabled?: boolean;
  /** The slide selected when the editor opens (its key); the first slide otherwise. */
  initialSlideKey?: string;
  /** Told when picture uploads start and end, so the page can hold a save until the picture is stored. */
  onUploadingChange?: (uploading: boolean) => void;
}

export function SlideEditor({ slides, onChange, presentationId, imageLimit, disabled = false, initialSlideKey, onUploadingChange }: SlideEditorProps) {
  const [selectedKey, setSelectedKey] = useState<string | undefined>(initialSlideKey);
  // An upload finishes after the user may have typed on: it changes the slides as they are then, not as they were.
  const latest = useRef(slides);
  const changeRef = useRef(onChange);
  useEffect(() => {
    latest.current = slides;
    changeRef.current = onChange;
  });

  function update(key: string, patch: Partial<EditorSlide>) {
    const touchesLook = "title" in patch || "body" in patch || "imagePath" in patch;
    // Title, text and picture are what the rendering shows: once one changes, the old rendering no longer fits.
    changeRef.current(latest.current.map((slide) => (slide.key === key ? { ...slide, ...patch, ...(touchesLook ? { previewUrl: null } : {}) } : slide)));
  }

  const { uploading, upload } = useSlideImageUpload({ presentationId, imageLimit, latest, onStored: update, onUploadingChange });
  const selectedIndex = Math.max(0, slides.findIndex((slide) => slide.key === selectedKey));
  const selected = slides[selectedIndex];

  function add() {
    const slide = newEditorSlide();
    onChange(insertSlideAfter(slides, selectedIndex, slide));
    setSelectedKey(slide.key);
  }

  function remove(key: string) {
    const index = slides.findIndex((slide) => slide.key === key);
    const next = removeSlide(slides, key);
    if (!next) {
      toast({ title: "Error", description: SLIDE_MESSAGES.noSlides, variant: "destructive" });
      return;
    }
    onChange(next);
    setSelectedKey(next[Math.min(index, next.length - 1)]?.key);
  }

  function move(from: number, to: number) {
    if (to < 0 || to >= slides.length || from === to) return;
    const key = slides[from]?.key;
    onChange(moveSlide(slides, from, to));
    if (key) setSelectedKey(key);
  }

  if (!selected) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-xl border border-dashed border-slate-300 bg-white px-4 py-10 text-center">
        <p className="text-sm text-slate-600">{SLIDE_MESSAGES.noSlides}</p>
        <Button onClick={add} disabled={disabled}>
          <Plus className="h-4 w-4" aria-hidden />
          Add Slide
        </Button>
      </div>
    );
  }

  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-[17rem_minmax(0,1fr)]">
      <SlideList slides={slides} selectedKey={selected.key} disabled={disabled} uploading={uploading} onSelect={setSelectedKey} onAdd={add} onMove={move} />
      <SlideForm
        slide={selected}
        index={selectedIndex}
        count={slides.length}
        disabled={disabled}
        imageLimit={imageLimit}
        uploading={uploading.has(selected.key)}
        onUpdate={(patch) => update(selected.key, patch)}
        onMove={(to) => move(selectedIndex, to)}
        onRemove={() => remove(selected.key)}
        onUpload={(file) => void upload(selected, file)}
      />
    </div>
  );
}
