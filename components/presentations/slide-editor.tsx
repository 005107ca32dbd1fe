"use client";

// The shared slide editor (spec sections 2, 3 and 5): the numbered list of slides with add, remove, move (buttons,
// Alt+Arrow keys, drag) and the form of the selected slide: title, slide text, narration script, a custom picture
// and a preview. Controlled: every change goes out through onChange; only the selection and uploads in flight
// live here. Used by the edit page and by the creation wizard (manual, import and AI review steps).
import { ArrowDown, ArrowUp, GripVertical, ImagePlus, ImageOff, LoaderCircle, Plus, Trash2 } from "lucide-react";
import { useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { Input, inputClasses } from "@/components/ui/input";
import { Label } from "@/components/ui/label";
import { toast } from "@/components/ui/use-toast";
import { cn } from "@/lib/cn";
import { serverMessage } from "@/lib/errors/messages";
import { api } from "@/lib/http/client";
import {
  IMAGE_ACCEPT,
  SLIDE_MESSAGES,
  bulletsOf,
  imageProblem,
  insertSlideAfter,
  isEmptySlide,
  moveSlide,
  newEditorSlide,
  removeSlide,
  type EditorSlide,
  type ImageLimit,
} from "./editor-slides";

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

interface UploadAnswer {
  image_url: string;
  image_path: string;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A slide's name in lists and labels. */
function slideName(slide: EditorSlide): string {
  return slide.title.trim() || "Untitled slide";
}

export function SlideEditor({ slides, onChange, presentationId, imageLimit, disabled = false, initialSlideKey, onUploadingChange }: SlideEditorProps) {
  const [selectedKey, setSelectedKey] = useState<string | undefined>(initialSlideKey);
  const [uploading, setUploading] = useState<ReadonlySet<string>>(new Set());
  const [dragged, setDragged] = useState<number | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  // An upload finishes after the user may have typed on: it changes the slides as they are then, not as they were.
  const latest = useRef(slides);
  const changeRef = useRef(onChange);
  useEffect(() => {
    latest.current = slides;
    changeRef.current = onChange;
  });
  const baseId = useId();

  const anyUploading = uploading.size > 0;
  const uploadingChange = useRef(onUploadingChange);
  useEffect(() => {
    uploadingChange.current = onUploadingChange;
  });
  useEffect(() => {
    uploadingChange.current?.(anyUploading);
  }, [anyUploading]);

  const selectedIndex = Math.max(0, slides.findIndex((slide) => slide.key === selectedKey));
  const selected = slides[selectedIndex];

  // After a move by keyboard the moved slide's button keeps the focus.
  const focusAfterRender = useRef<string | null>(null);
  useEffect(() => {
    const key = focusAfterRender.current;
    if (!key) return;
    focusAfterRender.current = null;
    listRef.current?.querySelector<HTMLButtonElement>(`[data-slide-key="${CSS.escape(key)}"]`)?.focus();
  });

  function update(key: string, patch: Partial<EditorSlide>) {
    const touchesLook = "title" in patch || "body" in patch || "imagePath" in patch;
    // Title, text and picture are what the rendering shows: once one changes, the old rendering no longer fits.
    changeRef.current(latest.current.map((slide) => (slide.key === key ? { ...slide, ...patch, ...(touchesLook ? { previewUrl: null } : {}) } : slide)));
  }

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

  function move(from: number, to: number, keepFocus = false) {
    if (to < 0 || to >= slides.length || from === to) return;
    const key = slides[from]?.key;
    onChange(moveSlide(slides, from, to));
    if (key) {
      setSelectedKey(key);
      if (keepFocus) focusAfterRender.current = key;
    }
  }

  function onListKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (disabled) return;
    if (event.altKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
      event.preventDefault();
      move(index, event.key === "ArrowUp" ? index - 1 : index + 1, true);
      return;
    }
    // Arrow keys walk the list like a menu.
    if (event.key === "ArrowUp" || event.key === "ArrowDown" || event.key === "ArrowLeft" || event.key === "ArrowRight") {
      event.preventDefault();
      const step = event.key === "ArrowUp" || event.key === "ArrowLeft" ? -1 : 1;
      const next = slides[Math.max(0, Math.min(slides.length - 1, index + step))];
      if (next) {
        setSelectedKey(next.key);
        focusAfterRender.current = next.key;
      }
    }
  }

  function onDrop(event: DragEvent, index: number) {
    event.preventDefault();
    if (dragged !== null) move(dragged, index);
    setDragged(null);
    setDropTarget(null);
  }

  async function upload(slide: EditorSlide, file: File) {
    const problem = imageProblem(file, imageLimit);
    if (problem) {
      toast({ title: "Invalid Image", description: problem, variant: "destructive" });
      return;
    }
    const form = new FormData();
    form.append("file", file);
    const number = latest.current.findIndex((entry) => entry.key === slide.key) + 1;
    if (number > 0) form.append("slide_number", String(number));
    if (UUID.test(presentationId)) form.append("presentation_id", presentationId);
    else {
      // No stored presentation yet: the editor says which limit applies (the import screen's placeholder too).
      if (presentationId) form.append("presentation_id", presentationId);
      form.append("method", imageLimit === "manual" ? "manual" : presentationId === "temp-presentation-id" ? "import_ppt" : "ai_template");
    }
    setUploading((current) => new Set(current).add(slide.key));
    try {
      const answer = await api.post<UploadAnswer>("/presentations/upload-slide-image", form);
      update(slide.key, { imagePath: answer.image_path, imageUrl: answer.image_url });
    } catch (error) {
      toast({ title: "Upload Failed", description: serverMessage(error) ?? "Failed to upload image to S3", variant: "destructive" });
    } finally {
      setUploading((current) => {
        const next = new Set(current);
        next.delete(slide.key);
        return next;
      });
    }
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

  const ids = {
    title: `${baseId}-title`,
    body: `${baseId}-body`,
    bodyHint: `${baseId}-body-hint`,
    script: `${baseId}-script`,
    scriptHint: `${baseId}-script-hint`,
    image: `${baseId}-image`,
    heading: `${baseId}-heading`,
  };
  const isUploading = uploading.has(selected.key);
  const limitText = imageLimit === "manual" ? "5MB" : "10MB";
  const textareaClass = cn(inputClasses, "h-auto resize-y leading-relaxed");

  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-[17rem_minmax(0,1fr)]">
      <nav aria-label="Slides" className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm lg:sticky lg:top-4 lg:self-start">
        <div className="flex items-center justify-between gap-2 px-1">
          <h3 className="text-sm font-semibold text-slate-900">
            Slides <span className="font-normal text-slate-500">({slides.length})</span>
          </h3>
          <Button variant="outline" size="sm" onClick={add} disabled={disabled}>
            <Plus className="h-4 w-4" aria-hidden />
            Add Slide
          </Button>
        </div>
        <ol
          ref={listRef}
          aria-label="Slide order"
          className="-mx-1 flex gap-2 overflow-x-auto px-1 pb-1 lg:max-h-[calc(100vh-12rem)] lg:flex-col lg:overflow-y-auto lg:overflow-x-visible"
        >
          {slides.map((slide, index) => {
            const current = slide.key === selected.key;
            return (
              <li
                key={slide.key}
                draggable={!disabled}
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = "move";
                  event.dataTransfer.setData("text/plain", String(index));
                  setDragged(index);
                }}
                onDragOver={(event) => {
                  if (dragged === null) return;
                  event.preventDefault();
                  setDropTarget(index);
                }}
                onDragLeave={() => setDropTarget((target) => (target === index ? null : target))}
                onDrop={(event) => onDrop(event, index)}
                onDragEnd={() => {
                  setDragged(null);
                  setDropTarget(null);
                }}
                className={cn(
                  "w-44 shrink-0 rounded-lg lg:w-auto",
                  dropTarget === index && dragged !== index && "ring-2 ring-brand-500",
                  dragged === index && "opacity-50",
                )}
              >
                <button
                  type="button"
                  data-slide-key={slide.key}
                  aria-current={current ? "true" : undefined}
                  aria-label={`Slide ${index + 1}: ${slideName(slide)}`}
                  aria-keyshortcuts="Alt+ArrowUp Alt+ArrowDown"
                  tabIndex={current ? 0 : -1}
                  onClick={() => setSelectedKey(slide.key)}
                  onKeyDown={(event) => onListKey(event, index)}
                  className={cn(
                    "flex w-full items-center gap-2 rounded-lg border px-2 py-2 text-left text-sm transition-colors",
                    "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
                    current ? "border-brand-500 bg-brand-50 text-brand-900" : "border-slate-200 bg-white text-slate-700 hover:bg-slate-50",
                  )}
                >
                  <GripVertical className={cn("hidden h-4 w-4 shrink-0 text-slate-300 lg:block", disabled && "invisible")} aria-hidden />
                  <span
                    className={cn(
                      "flex h-6 w-6 shrink-0 items-center justify-center rounded-md text-xs font-semibold",
                      current ? "bg-brand-600 text-white" : "bg-slate-100 text-slate-600",
                    )}
                    aria-hidden
                  >
                    {index + 1}
                  </span>
                  <span className={cn("min-w-0 flex-1 truncate", !slide.title.trim() && "italic text-slate-400")}>{slideName(slide)}</span>
                  {uploading.has(slide.key) ? <LoaderCircle className="h-4 w-4 shrink-0 animate-spin text-brand-600" aria-hidden /> : null}
                  {isEmptySlide(slide) ? <span className="h-2 w-2 shrink-0 rounded-full bg-amber-500" title="This slide is empty" aria-hidden /> : null}
                </button>
              </li>
            );
          })}
        </ol>
        <p className="hidden px-1 text-xs text-slate-500 lg:block">Drag slides, or press Alt+Up / Alt+Down, to reorder.</p>
      </nav>

      <section aria-labelledby={ids.heading} className="flex min-w-0 flex-col gap-5 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
        <div className="flex flex-wrap items-center justify-between gap-2">
          <h3 id={ids.heading} className="text-base font-semibold text-slate-900">
            Slide {selectedIndex + 1} <span className="font-normal text-slate-500">of {slides.length}</span>
          </h3>
          <div className="flex items-center gap-1">
            <Button variant="ghost" size="sm" onClick={() => move(selectedIndex, selectedIndex - 1)} disabled={disabled || selectedIndex === 0} aria-label="Move slide up">
              <ArrowUp className="h-4 w-4" aria-hidden />
              <span className="hidden sm:inline">Up</span>
            </Button>
            <Button
              variant="ghost"
              size="sm"
              onClick={() => move(selectedIndex, selectedIndex + 1)}
              disabled={disabled || selectedIndex === slides.length - 1}
              aria-label="Move slide down"
            >
              <ArrowDown className="h-4 w-4" aria-hidden />
              <span className="hidden sm:inline">Down</span>
            </Button>
            <Button variant="ghost" size="sm" onClick={() => remove(selected.key)} disabled={disabled} aria-label="Remove slide" className="text-red-600 hover:bg-red-50">
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
                value={selected.title}
                maxLength={300}
                placeholder="A short, clear title"
                disabled={disabled}
                onChange={(event) => update(selected.key, { title: event.target.value })}
              />
            </div>
            <div className="flex flex-col gap-1.5">
              <Label htmlFor={ids.body}>Slide text</Label>
              <textarea
                id={ids.body}
                value={selected.body}
                rows={5}
                maxLength={5000}
                placeholder={"First point\nSecond point"}
                aria-describedby={ids.bodyHint}
                disabled={disabled}
                onChange={(event) => update(selected.key, { body: event.target.value })}
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
                value={selected.script}
                rows={7}
                maxLength={20000}
                placeholder="What the narrator says while this slide is shown."
                aria-describedby={ids.scriptHint}
                disabled={disabled}
                onChange={(event) => update(selected.key, { script: event.target.value })}
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
              {selected.imageUrl ? (
                <div className="h-36 overflow-hidden rounded-lg border border-slate-200 bg-slate-50 p-2">
                  {/* eslint-disable-next-line @next/next/no-img-element -- a stored upload served by /files/view; next/image adds nothing here */}
                  <img src={selected.imageUrl} alt={`Image of slide ${selectedIndex + 1}`} className="h-full w-full object-contain" />
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
                disabled={disabled || isUploading}
                onChange={(event) => {
                  const file = event.target.files?.[0];
                  event.target.value = "";
                  if (file) void upload(selected, file);
                }}
              />
              <div className="flex flex-wrap gap-2">
                <Button variant="outline" size="sm" onClick={() => fileRef.current?.click()} disabled={disabled || isUploading} aria-busy={isUploading}>
                  {isUploading ? <LoaderCircle className="h-4 w-4 animate-spin" aria-hidden /> : <ImagePlus className="h-4 w-4" aria-hidden />}
                  {isUploading ? "Uploading..." : selected.imageUrl ? "Replace Image" : "Upload Image"}
                </Button>
                {selected.imageUrl ? (
                  <Button variant="ghost" size="sm" onClick={() => update(selected.key, { imagePath: null, imageUrl: null })} disabled={disabled || isUploading}>
                    <ImageOff className="h-4 w-4" aria-hidden />
                    Remove Image
                  </Button>
                ) : null}
              </div>
              <p className="text-xs text-slate-500">JPG, PNG or GIF, less than {limitText}.</p>
            </div>

            <SlidePreview slide={selected} number={selectedIndex + 1} />
          </div>
        </div>
      </section>
    </div>
  );
}

/**
 * The slide as it will look: its rendering while that still matches, else a draft drawn here from the title,
 * bullets and picture (the server draws the real one after saving).
 */
function SlidePreview({ slide, number }: { slide: EditorSlide; number: number }) {
  const bullets = bulletsOf(slide.body);
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="text-sm font-medium leading-none text-slate-700">Preview</figcaption>
      <div className="aspect-video w-full overflow-hidden rounded-lg border border-slate-200 bg-white shadow-inner">
        {slide.previewUrl ? (
          // eslint-disable-next-line @next/next/no-img-element -- a stored rendering served by /files/view
          <img src={slide.previewUrl} alt={`Rendering of slide ${number}`} className="h-full w-full object-contain" />
        ) : (
          <div className="flex h-full w-full gap-[4%] bg-gradient-to-br from-white to-slate-50 p-[5%]" aria-label={`Draft of slide ${number}`} role="img">
            <div className="flex min-w-0 flex-1 flex-col gap-[6%]">
              <p className={cn("line-clamp-2 text-sm font-semibold leading-tight text-slate-900", !slide.title.trim() && "italic text-slate-400")}>
                {slideName(slide)}
              </p>
              <ul className="flex min-h-0 flex-col gap-1 overflow-hidden">
                {bullets.slice(0, 6).map((bullet, index) => (
                  <li key={index} className="flex gap-1.5 text-[0.65rem] leading-snug text-slate-600">
                    <span className="mt-[0.35rem] h-1 w-1 shrink-0 rounded-full bg-brand-500" aria-hidden />
                    <span className="line-clamp-2 min-w-0">{bullet}</span>
                  </li>
                ))}
              </ul>
            </div>
            {slide.imageUrl ? (
              <div className="flex w-2/5 shrink-0 items-center justify-center">
                {/* eslint-disable-next-line @next/next/no-img-element -- a stored upload served by /files/view */}
                <img src={slide.imageUrl} alt="" className="h-full w-full rounded object-contain" />
              </div>
            ) : null}
          </div>
        )}
      </div>
      {!slide.previewUrl ? <p className="text-xs text-slate-500">Draft preview: the slide image is drawn again when the presentation is saved.</p> : null}
    </figure>
  );
}
