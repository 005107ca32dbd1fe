"use client";

// The form of the slide selected in the slide editor (slide-editor.tsx): move and remove, title, slide text,
// narration script, a custom picture and a preview.
import { ArrowDown, ArrowUp, ImagePlus, ImageOff, LoaderCircle, Trash2 } from "lucide-react";
import { useId, useRef } from "react";
import { Button } from "@/components/ui/button";
import { Input, inputClasses } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { cn } from "@/lib/cn";
import { IMAGE_ACCEPT, type EditorSlide, type ImageLimit } from "./editor-slides";
import { SlidePreview } from "./slide-preview";

interface SlideFormProps {
  slide: EditorSlide;
  /** The slide's place in the deck, from 0. */
  index: number;
  count: number;
  disabled: boolean;
  imageLimit: ImageLimit;
  /** Its picture is being uploaded. */
  uploading: boolean;
  onUpdate: (patch: Partial<EditorSlide>) => void;
  onMove: (to: number) => void;
  onRemove: () => void;
  onUpload: (file: File) => void;
}

export function SlideForm({ slide, index, count, disabled, imageLimit, uploading, onUpdate, onMove, onRemove, onUpload }: SlideFormProps) {
  const baseId = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const ids = {
    title: `${baseId}-title`,
    body: `${baseId}-body`,
    bodyHint: `${baseId}-body-hint`,
    script: `${baseId}-script`,
    scriptHint: `${baseId}-script-hint`,
    image: `${baseId}-image`,
    heading: `${baseId}-heading`,
  };
  const limitText = imageLimit === "manual" ? "5MB" : "10MB";
  const textareaClass = cn(inputClasses, "h-auto resize-y leading-relaxed");

  return (
    <section aria-labelledby={ids.heading} className="flex min-w-0 flex-col gap-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h3 id={ids.heading} className="text-base font-semibold text-slate-900">
          Slide {index + 1} <span className="font-normal text-slate-500">of {count}</span>
        </h3>
        <div className="flex items-center gap-1">
          <Button variant="ghost" size="sm" onClick={() => onMove(index - 1)} disabled={disabled || index === 0} aria-label="Move slide up">
            <ArrowUp className="h-4 w-4" aria-hidden />
            <span className="hidden sm:inline">Up</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={() => onMove(index + 1)} disabled={disabled || index === count - 1} aria-label="Move slide down">
            <ArrowDown className="h-4 w-4" aria-hidden />
            <span className="hidden sm:inline">Down</span>
          </Button>
          <Button variant="ghost" size="sm" onClick={onRemove} disabled={disabled} aria-label="Remove slide" className="text-red-600 hover:bg-red-50">
            <Trash2 className="h-4 w-4" aria-hidden />
            <span className="hidden sm:inline">Remove</span>
          </Button>
        </div>
      </div>

      <div className="grid gap-5 xl:grid-cols-[minmax(0,1fr)_minmax(0,22rem)]">
        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.title}>Slide title</Label>
            <Input
              id={ids.title}
              value={slide.title}
              maxLength={300}
              placeholder="A short, clear title"
              disabled={disabled}
              onChange={(event) => onUpdate({ title: event.target.value })}
            />
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.body}>Slide text</Label>
            <textarea
              id={ids.body}
              value={slide.body}
              rows={5}
              maxLength={5000}
              placeholder={"First point\nSecond point"}
              aria-describedby={ids.bodyHint}
              disabled={disabled}
              onChange={(event) => onUpdate({ body: event.target.value })}
              className={textareaClass}
            />
            <p id={ids.bodyHint} className="text-xs text-slate-500">
              Shown on the slide, one bullet per line.
            </p>
          </div>
          <div className="flex flex-col gap-1.5">
            <Label htmlFor={ids.script}>Narration script</Label>
            <textarea
              id={ids.script}
              value={slide.script}
              rows={7}
              maxLength={20000}
              placeholder="What the narrator says while this slide is shown."
              aria-describedby={ids.scriptHint}
              disabled={disabled}
              onChange={(event) => onUpdate({ script: event.target.value })}
              className={textareaClass}
            />
            <p id={ids.scriptHint} className="text-xs text-slate-500">
              Spoken aloud in the player; not shown on the slide.
            </p>
          </div>
        </div>

        <div className="flex min-w-0 flex-col gap-4">
          <div className="flex flex-col gap-2">
            <span className="text-sm font-medium leading-none text-slate-700" id={`${ids.image}-label`}>
              Slide image
            </span>
            {slide.imageUrl ? (
              <div className="h-36 overflow-hidden rounded-lg border border-slate-200 bg-slate-50 p-2">
                {/* eslint-disable-next-line @next/next/no-img-element -- a stored upload served by /files/view; next/image adds nothing here */}
                <img src={slide.imageUrl} alt={`Image of slide ${index + 1}`} className="h-full w-full object-contain" />
              </div>
            ) : (
              <p className="rounded-lg border border-dashed border-slate-300 px-3 py-4 text-center text-xs text-slate-500">No image on this slide.</p>
            )}
            <input
              ref={fileRef}
              id={ids.image}
              type="file"
              accept={IMAGE_ACCEPT}
              className="sr-only"
              tabIndex={-1}
              aria-labelledby={`${ids.image}-label`}
              disabled={disabled || uploading}
              onChange={(event) => {
                const file = event.target.files?.[0];
                event.target.value = "";
                if (file) onUpload(file);
              }}
            />
            <div className="flex flex-wrap gap-2">
              <Button variant="outline" size="sm" onClick={() => fileRef.current?.click()} disabled={disabled || uploading} aria-busy={uploading}>
                {uploading ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden /> : <ImagePlus className="h-4 w-4" aria-hidden />}
                {uploading ? "Uploading..." : slide.imageUrl ? "Replace Image" : "Upload Image"}
              </Button>
              {slide.imageUrl ? (
                <Button variant="ghost" size="sm" onClick={() => onUpdate({ imagePath: null, imageUrl: null })} disabled={disabled || uploading}>
                  <ImageOff className="h-4 w-4" aria-hidden />
                  Remove Image
                </Button>
              ) : null}
            </div>
            <p className="text-xs text-slate-500">JPG, PNG or GIF, less than {limitText}.</p>
          </div>

          <SlidePreview slide={slide} number={index + 1} />
        </div>
      </div>
    </section>
  );
}
