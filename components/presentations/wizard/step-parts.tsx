// Small layout pieces the wizard's steps share: a heading with a line of explanation, and the row of actions.
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

/** The step's main actions, under the editor at the end of the step. */
export function StepActions({ children }: { children: ReactNode }) {
  return <div className="flex flex-col-reverse gap-2 border-t border-slate-200 pt-4 sm:flex-row sm:justify-end">{children}</div>;
}
