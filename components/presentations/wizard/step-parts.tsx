// Small layout pieces the wizard's steps share: a heading with a line of explanation, and the sticky action bar.
import type { ReactNode } from "react";

export function StepIntro({ title, description, aside }: { title: string; description: string; aside?: ReactNode }) {
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      <div className="min-w-0">
        <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
        <p className="mt-1 text-sm text-slate-600">{description}</p>
      </div>
      {aside}
    </div>
  );
}

/** The step's main actions, kept in view at the bottom of the screen while long slide lists scroll. */
export function StepActions({ children }: { children: ReactNode }) {
  return (
    <div className="sticky bottom-0 z-10 -mx-4 flex flex-col-reverse gap-2 border-t border-slate-200 bg-white/95 px-4 py-3 backdrop-blur sm:mx-0 sm:flex-row sm:justify-end sm:rounded-xl sm:border sm:shadow-sm">
      {children}
    </div>
  );
}
