// The AI generation progress of the template dialog (spec sections 2 and 9): timed stages at 5% (start), 20%
// (after 1 s), 60% (after 3 s) and 85% (after 6 s), 100% when the server reports completion. The bar shows the
// later of the timed stage and the stage the server reports, so a fast server is never shown behind and a slow
// one still shows movement. Pure, so the rule is unit-tested.

export interface ProgressStage {
  id: "starting" | "analyzing" | "generating" | "finalizing" | "completed";
  percent: number;
  /** Milliseconds after the start when the timed stage is reached. */
  after: number;
  label: string;
}

export const PROGRESS_STAGES: readonly ProgressStage[] = [
  { id: "starting", percent: 5, after: 0, label: "Starting generation..." },
  { id: "analyzing", percent: 20, after: 1_000, label: "Analyzing your content..." },
  { id: "generating", percent: 60, after: 3_000, label: "Generating slides..." },
  { id: "finalizing", percent: 85, after: 6_000, label: "Finalizing presentation..." },
  { id: "completed", percent: 100, after: Number.POSITIVE_INFINITY, label: "Presentation ready" },
];

/** Status polled every 2 seconds; the AI review opens 1.5 s after completion (section 9). */
export const POLL_INTERVAL_MS = 2_000;
export const REDIRECT_DELAY_MS = 1_500;

const COMPLETED = PROGRESS_STAGES.length - 1;

/** The timed stage reached after `elapsedMs` (never 'completed': only the server completes a deck). */
export function timedStageIndex(elapsedMs: number): number {
  let index = 0;
  for (const [position, stage] of PROGRESS_STAGES.entries()) {
    if (position < COMPLETED && elapsedMs >= stage.after) index = position;
  }
  return index;
}

/** The stage a server's progress figure stands for: the last stage whose percent it has reached. */
export function serverStageIndex(progress: number): number {
  let index = 0;
  for (const [position, stage] of PROGRESS_STAGES.entries()) {
    if (progress >= stage.percent) index = position;
  }
  return index;
}

export interface ServerProgress {
  status: "pending" | "processing" | "completed" | "failed";
  progress: number;
}

/** The stage to show: completed when the server says so, else the later of the timed and the server's stage. */
export function shownStage(elapsedMs: number, server: ServerProgress | null): ProgressStage {
  if (server?.status === "completed") return PROGRESS_STAGES[COMPLETED]!;
  const fromServer = server ? Math.min(serverStageIndex(server.progress), COMPLETED - 1) : 0;
  return PROGRESS_STAGES[Math.max(timedStageIndex(elapsedMs), fromServer)]!;
}
