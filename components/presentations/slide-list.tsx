"use client";

// The slide editor's numbered list of slides (slide-editor.tsx): select, add, and reorder by Alt+Arrow keys or by
// dragging; arrow keys walk the list like a menu, and the moved or reached slide's button keeps the focus.
import { GripVertical, LoaderCircle, Plus } from "lucide-react";
import { useEffect, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/lib/cn";
import { isEmptySlide, type EditorSlide } from "./editor-slides";

/** A slide's name in lists and labels. */
export function slideName(slide: EditorSlide): string {
  return slide.title.trim() || "Untitled slide";
}

interface SlideListProps {
  slides: EditorSlide[];
  selectedKey: string;
  disabled: boolean;
  /** The keys of the slides whose picture is being uploaded. */
  uploading: ReadonlySet<string>;
  onSelect: (key: string) => void;
  onAdd: () => void;
  onMove: (from: number, to: number) => void;
}

export function SlideList({ slides, selectedKey, disabled, uploading, onSelect, onAdd, onMove }: SlideListProps) {
  const [dragged, setDragged] = useState<number | null>(null);
  const [dropTarget, setDropTarget] = useState<number | null>(null);
  const listRef = useRef<HTMLOListElement>(null);

  // After a move or a step by keyboard the slide's button keeps the focus.
  const focusAfterRender = useRef<string | null>(null);
  useEffect(() => {
    const key = focusAfterRender.current;
    if (!key) return;
    focusAfterRender.current = null;
    listRef.current?.querySelector<HTMLButtonElement>(`[data-slide-key="${CSS.escape(key)}"]`)?.focus();
  });

  function onListKey(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    if (disabled) return;
    if (event.altKey && (event.key === "ArrowUp" || event.key === "ArrowDown")) {
      event.preventDefault();
      const to = event.key === "ArrowUp" ? index - 1 : index + 1;
      const key = slides[index]?.key;
      if (to < 0 || to >= slides.length || !key) return;
      onMove(index, to);
      focusAfterRender.current = key;
      return;
    }
    // Arrow keys walk the list like a menu.
    if (event.key === "ArrowUp" || event.key === "ArrowDown" || event.key === "ArrowLeft" || event.key === "ArrowRight") {
      event.preventDefault();
      const step = event.key === "ArrowUp" || event.key === "ArrowLeft" ? -1 : 1;
      const next = slides[Math.max(0, Math.min(slides.length - 1, index + step))];
      if (next) {
        onSelect(next.key);
        focusAfterRender.current = next.key;
      }
    }
  }

  function onDrop(event: DragEvent, index: number) {
    event.preventDefault();
    if (dragged !== null) onMove(dragged, index);
    setDragged(null);
    setDropTarget(null);
  }

  return (
    <nav aria-label="Slides" className="flex min-w-0 flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm lg:sticky lg:top-4 lg:self-start">
      <div className="flex items-center justify-between gap-2 px-1">
        <h3 className="text-sm font-semibold text-slate-900">
          Slides <span className="font-normal text-slate-500">({slides.length})</span>
        </h3>
        <Button variant="outline" size="sm" onClick={onAdd} disabled={disabled}>
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
          const current = slide.key === selectedKey;
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
                onClick={() => onSelect(slide.key)}
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
  );
}
