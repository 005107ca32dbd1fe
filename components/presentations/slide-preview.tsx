"use client";

import { cn } from "@/lib/cn";
import { bulletsOf, type EditorSlide } from "./editor-slides";
import { slideName } from "./slide-list";

/**
 * The slide as it will look: its rendering while that still matches, else a draft drawn here from the title,
 * bullets and picture (the server draws the real one after saving).
 */
export function SlidePreview({ slide, number }: { slide: EditorSlide; number: number }) {
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
