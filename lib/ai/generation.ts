// Slide generation behind one small interface: OpenAI (or any OpenAI-compatible server) when configured, otherwise
// the offline extractive generator, which needs no key and no network. The offline generator's work grows with the
// sources' text, so it runs in a capped worker thread (lib/ai/generation-worker.ts): a heap of
// GENERATION_WORKER_HEAP_MB (default 160 MB) and a deadline (GENERATION_WORKER_TIMEOUT_MS, default 120 s); past
// either, the generation fails with its reason ('too large', 'took too long') and the server goes on. Where the
// worker cannot start from its source (the TypeScript tests), the same function runs on the calling thread.
import { Worker, type WorkerOptions } from "node:worker_threads";
import { AppError } from "@/lib/errors";
import { PRESENTATION_MESSAGES } from "@/lib/validation/presentations";
import { heapCapMb, runCapped, workerAvailable, WorkerFailed } from "@/lib/workers/capped";
import type { GenerationTask, GenerationTaskReply } from "./generation-task";
import { generateOfflineOutline } from "./offline-generator";
import { openAISettings, providerName, type OpenAISettings } from "./openai";
import { generateWithOpenAI } from "./openai-generator";
import type { Outline, OutlineInput } from "./outline";

export type { Outline, OutlineInput, OutlineSlide, OutlineSource } from "./outline";
export { NO_MAIN_SOURCE_MESSAGE } from "./offline-generator";

export interface GenerationProvider {
  id: "offline" | "openai";
  /** As shown to users, e.g. in an error: "Offline generator", "OpenAI", "OpenAI-compatible server". */
  name: string;
  generateOutline(input: OutlineInput): Promise<Outline>;
}

const workerUrl = new URL("./generation-worker.ts", import.meta.url);
/** The worker as the production build starts it: this whole expression is what Turbopack bundles as an entry of its own. */
const startWorker = (options: WorkerOptions) => new Worker(new URL("./generation-worker.ts", import.meta.url), { ...options });

/**
 * The offline generator's deadline (GENERATION_WORKER_TIMEOUT_MS, default 120 s): many times what the largest
 * accepted material takes (about 7 s for 4 million characters on a quiet machine).
 */
export function generationTimeoutMs(): number {
  const configured = Number(process.env.GENERATION_WORKER_TIMEOUT_MS);
  return Number.isInteger(configured) && configured >= 1_000 ? configured : 120_000;
}

/** The offline outline, written in a capped worker thread; a worker past its limits is the generation's own failure. */
async function offlineOutline(input: OutlineInput): Promise<Outline> {
  if (!workerAvailable(workerUrl, startWorker, "generation-worker")) return generateOfflineOutline(input);
  let reply: GenerationTaskReply;
  try {
    reply = await runCapped<GenerationTask, GenerationTaskReply>(workerUrl, input, {
      name: "generation",
      start: startWorker,
      bundle: "generation-worker",
      heapMb: heapCapMb(process.env.GENERATION_WORKER_HEAP_MB, 160),
      timeoutMs: generationTimeoutMs(),
      // A generation waits its turn for a slot for as long as it may run: it is a background job.
      waitMs: 10 * 60_000,
    });
  } catch (error) {
    // Lasting: the same material would need the same memory and time again. 'crashed' and 'busy' may pass.
    if (error instanceof WorkerFailed && error.reason === "too-large") throw new AppError(422, PRESENTATION_MESSAGES.generationTooLarge);
    if (error instanceof WorkerFailed && error.reason === "took-too-long") throw new AppError(422, PRESENTATION_MESSAGES.generationTookTooLong);
    throw error;
  }
  if (reply.ok) return reply.outline;
  if (reply.kind === "app") throw new AppError(reply.status, reply.message);
  throw new Error(`generation worker: ${reply.message}`);
}

export const offlineGenerationProvider: GenerationProvider = {
  id: "offline",
  name: "Offline generator",
  generateOutline: offlineOutline,
};

export function openAIGenerationProvider(settings: OpenAISettings): GenerationProvider {
  return { id: "openai", name: providerName(settings), generateOutline: (input) => generateWithOpenAI(input, settings) };
}

/**
 * The generation provider for a tenant. The plugin catalogue (lib/speech/plugin-catalogue.ts) has no entry for a language
 * model, so the platform-wide environment decides for every tenant: OpenAI or a compatible server when
 * OPENAI_API_KEY or OPENAI_BASE_URL is set, the offline generator otherwise. `settings` is for tests.
 */
export async function generationProviderFor(
  _tenantId: string,
  settings: OpenAISettings | null = openAISettings(),
): Promise<GenerationProvider> {
  return settings ? openAIGenerationProvider(settings) : offlineGenerationProvider;
}

/** An outline of 4 to 20 slides from the material, by the given provider (the platform's choice by default). */
export async function generateOutline(input: OutlineInput, provider?: GenerationProvider): Promise<Outline> {
  const settings = openAISettings();
  const chosen = provider ?? (settings ? openAIGenerationProvider(settings) : offlineGenerationProvider);
  return chosen.generateOutline(input);
}
