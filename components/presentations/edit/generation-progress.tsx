// What the edit page shows while the presentation is still being generated (spec sections 2 and 9): the step's
// message and its progress; the page polls task-status every 2 s and shows the slides once it has finished.
import { LoaderCircle } from "lucide-react";
import type { TaskStatusOut } from "@/lib/services/presentations";

export function GenerationProgress({ task }: { task: Pick<TaskStatusOut, "progress" | "message"> | null }) {
  const progress = Math.max(0, Math.min(100, task?.progress ?? 0));
  return (
    <section aria-labelledby="generation-title" className="flex flex-col items-center gap-4 rounded-xl border border-slate-200 bg-white px-6 py-10 text-center shadow-sm">
      <LoaderCircle className="h-10 w-10 animate-spin text-brand-600" aria-hidden />
      <div>
        <h2 id="generation-title" className="text-lg font-semibold text-slate-900">
          Generating presentation
        </h2>
        <p className="mt-1 text-sm text-slate-500" aria-live="polite">
          {task?.message ?? "Waiting to start..."}
        </p>
      </div>
      <div
        role="progressbar"
        aria-label="Generation progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={progress}
        className="h-2 w-full max-w-md overflow-hidden rounded-full bg-slate-100"
      >
        <div className="h-full rounded-full bg-brand-600 transition-[width] duration-500" style={{ width: `${progress}%` }} />
      </div>
      <p className="text-xs text-slate-500">{progress}% · The slides can be edited once generation has finished.</p>
    </section>
  );
}
