// The worker thread that writes an outline with the offline generator (lib/ai/generation.ts starts one per
// generation): its work grows with the chosen sources' text (sentences, ranks, term tables of every source), so it
// runs with its own capped heap and deadline, beside, not on, the thread that answers requests. Bundled by Next.js
// as its own entry (new URL(..., import.meta.url)).
import { AppError } from "@/lib/errors";
import { serveTask } from "@/lib/workers/serve";
import type { GenerationTask, GenerationTaskReply } from "./generation-task";
import { generateOfflineOutline } from "./offline-generator";

serveTask<GenerationTask, GenerationTaskReply>(async (input) => {
  try {
    return { ok: true, outline: generateOfflineOutline(input) };
  } catch (error) {
    if (error instanceof AppError && typeof error.detail === "string") return { ok: false, kind: "app", status: error.status, message: error.detail };
    return { ok: false, kind: "other", message: error instanceof Error ? error.message : String(error) };
  }
});
