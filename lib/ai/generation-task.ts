// What the generation worker (lib/ai/generation-worker.ts) is given and answers: the outline input as it is, and
// the outline, or the failure of the work itself (a message meant for users keeps its status and text).
import type { Outline, OutlineInput } from "./outline";

export type GenerationTask = OutlineInput;

export type GenerationTaskReply =
  | { ok: true; outline: Outline }
  | { ok: false; kind: "app"; status: number; message: string }
  | { ok: false; kind: "other"; message: string };
