// The offline voice: eSpeak NG compiled to WebAssembly (no system binary, no network), one sentence at a time so
// each sentence's place in the audio is exact, encoded to 64 kbps mono MP3 with lamejs (pure JavaScript).
// Synthesis and encoding are synchronous and CPU-bound, so they run in a child process (lib/speech/espeak-worker.mjs):
// the server keeps answering requests while decks are narrated, and the engine's memory is not the server's. One
// engine serves the process, one text at a time (eSpeak is single-threaded state); it is started on first use and
// stopped after a minute without work. Several engines run at once (ESPEAK_WORKERS; by default one per core, at least
// 3 and at most 4): a deck's narration takes all but one (lib/services/narration.ts), so its slides are spoken side by
// side while a viewer's answer still finds an engine free, and one tenant's long deck does not hold up another's.
import { fork, type ChildProcess } from "node:child_process";
import { availableParallelism } from "node:os";
import path from "node:path";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { CHILD_YOUNG_GENERATION } from "@/lib/workers/capped";
import { SpeechInputRejected } from "../errors";
import { mp3Info } from "../mp3";
import { checkText, timingsFromStarts } from "../sentences";
import type { SynthesizedSpeech, SynthesizeOptions, TextToSpeech } from "../types";

export const ESPEAK_DEFAULT_VOICE = "en-us";
export const ESPEAK_DEFAULT_WORDS_PER_MINUTE = 165;
/**
 * Samples an MP3 decoder outputs before the first encoded sample (LAME's 576 plus the decoder's 529): the file has no
 * LAME header telling players to skip them, so every sentence is heard this much later than it was made.
 */
const DECODER_DELAY_SAMPLES = 1105;
/**
 * The engine is stopped after this long without work: it holds about 120 MB (the WebAssembly module's memory and its
 * own heap), and starting one again takes about half a second. A deck's slides and a viewer's questions come closer
 * together than this.
 */
const IDLE_STOP_MS = 60_000;
/** The engine's heap cap (its WebAssembly memory is outside it); a text is at most a few thousand characters. */
const ENGINE_HEAP_MB = 128;

interface SynthesisRequest {
  id: number;
  sentences: string[];
  voice: string;
  wordsPerMinute: number;
}

type SynthesisReply =
  | { id: number; ok: true; audio: Uint8Array; startSamples: number[]; totalSamples: number; sampleRate: number }
  | { id: number; ok: false; rejected: boolean; message: string };

type Synthesis = Extract<SynthesisReply, { ok: true }>;

interface Pending {
  resolve: (reply: Synthesis) => void;
  reject: (error: Error) => void;
}

interface EngineThread {
  worker: ChildProcess;
  pending: Map<number, Pending>;
  idleTimer?: ReturnType<typeof setTimeout>;
}

const globalForEspeak = globalThis as unknown as { espeakThreads?: (EngineThread | undefined)[]; espeakNextId?: number };

/** How many workers may run: ESPEAK_WORKERS, else one per core (at least 3, at most 4). */
export function espeakWorkerCount(): number {
  const configured = Number(process.env.ESPEAK_WORKERS);
  if (Number.isInteger(configured) && configured >= 1) return Math.min(configured, 16);
  return Math.min(4, Math.max(3, availableParallelism()));
}


function threads(): (EngineThread | undefined)[] {
  return (globalForEspeak.espeakThreads ??= []);
}

function forget(thread: EngineThread): void {
  const all = threads();
  const index = all.indexOf(thread);
  if (index >= 0) all[index] = undefined;
}

function workerPath(): string {
  // Loaded by Node.js as it is (it is plain JavaScript), from the project folder the server runs in.
  return path.join(/* turbopackIgnore: true */ process.cwd(), "lib", "speech", "espeak-worker.mjs");
}

/** The engine's environment: the runtime's and the allocator's settings, not the app's configuration. */
function engineEnvironment(): NodeJS.ProcessEnv {
  const environment: NodeJS.ProcessEnv = { NODE_ENV: process.env.NODE_ENV };
  for (const [name, value] of Object.entries(process.env)) {
    if (/^(PATH|HOME|TMPDIR|TZ|LANG|MALLOC_[A-Z_]+)$/.test(name)) environment[name] = value;
  }
  return environment;
}

function startThread(): EngineThread {
  // The engine encodes with ffmpeg where it finds it there (FFMPEG_PATH), else with lamejs.
  const worker = fork(workerPath(), [env().FFMPEG_PATH], {
    execArgv: [`--max-old-space-size=${ENGINE_HEAP_MB}`, CHILD_YOUNG_GENERATION],
    env: engineEnvironment(),
    // The MP3 travels as a typed array, not as JSON.
    serialization: "advanced",
    stdio: ["ignore", "inherit", "inherit", "ipc"],
  });
  const thread: EngineThread = { worker, pending: new Map() };
  const fail = (error: Error) => {
    forget(thread);
    clearTimeout(thread.idleTimer);
    for (const waiting of thread.pending.values()) waiting.reject(error);
    thread.pending.clear();
  };
  worker.on("message", (message) => {
    const reply = message as SynthesisReply;
    const waiting = thread.pending.get(reply.id);
    if (!waiting) return;
    thread.pending.delete(reply.id);
    if (reply.ok) waiting.resolve(reply);
    else waiting.reject(reply.rejected ? new SpeechInputRejected(reply.message) : new Error(reply.message));
    settle(thread);
  });
  worker.on("error", (error) => {
    logger.error({ err: error }, "The offline voice's worker failed");
    fail(error);
  });
  worker.on("exit", (code, signal) => fail(new Error(`The offline voice's worker stopped (${signal ? `signal ${signal}` : `exit code ${code}`}).`)));
  return thread;
}

/** With nothing waiting, the worker does not keep the process alive, and it stops after a while. */
function settle(thread: EngineThread): void {
  if (thread.pending.size > 0) return;
  thread.worker.unref();
  thread.worker.channel?.unref();
  clearTimeout(thread.idleTimer);
  thread.idleTimer = setTimeout(() => {
    if (thread.pending.size > 0) return;
    forget(thread);
    thread.worker.kill();
  }, IDLE_STOP_MS);
  thread.idleTimer.unref();
}

/** An idle worker, else a new one while fewer than the limit run, else the one with the least waiting. */
function pickThread(): EngineThread {
  const all = threads();
  const running = all.filter((thread): thread is EngineThread => thread !== undefined);
  const idle = running.find((thread) => thread.pending.size === 0);
  if (idle) return idle;
  if (running.length < espeakWorkerCount()) {
    const thread = startThread();
    const free = all.indexOf(undefined);
    if (free >= 0) all[free] = thread;
    else all.push(thread);
    return thread;
  }
  return running.reduce((least, thread) => (thread.pending.size < least.pending.size ? thread : least));
}

function runInWorker(request: Omit<SynthesisRequest, "id">): Promise<Synthesis> {
  const thread = pickThread();
  clearTimeout(thread.idleTimer);
  thread.worker.ref();
  thread.worker.channel?.ref();
  const id = (globalForEspeak.espeakNextId = (globalForEspeak.espeakNextId ?? 0) + 1);
  return new Promise<Synthesis>((resolve, reject) => {
    thread.pending.set(id, { resolve, reject });
    thread.worker.send({ id, ...request } satisfies SynthesisRequest);
  });
}

/** Starts the worker and loads the engine (about half a second once), so a first narration does not wait for it. */
export async function loadEspeak(): Promise<void> {
  await runInWorker({ sentences: ["Ready."], voice: ESPEAK_DEFAULT_VOICE, wordsPerMinute: ESPEAK_DEFAULT_WORDS_PER_MINUTE });
}

export interface EspeakSettings {
  voice?: string;
  wordsPerMinute?: number;
}

/** The offline voice with a tenant's 'espeak-tts' settings (voice, words per minute). */
export function espeakTts(settings: EspeakSettings = {}): TextToSpeech {
  return {
    provider: "espeak-tts",
    async synthesize(text: string, options: SynthesizeOptions = {}): Promise<SynthesizedSpeech> {
      const sentences = checkText(text);
      const voice = options.voice ?? options.language ?? settings.voice ?? ESPEAK_DEFAULT_VOICE;
      const wordsPerMinute = Math.min(450, Math.max(80, Math.round(settings.wordsPerMinute ?? ESPEAK_DEFAULT_WORDS_PER_MINUTE)));
      const result = await runInWorker({ sentences, voice, wordsPerMinute });
      const audio = new Uint8Array(result.audio.buffer, result.audio.byteOffset, result.audio.byteLength);
      const durationMs = mp3Info(audio)?.durationMs ?? Math.round((result.totalSamples / result.sampleRate) * 1000);
      const startsMs = result.startSamples.map((samples) => ((samples + DECODER_DELAY_SAMPLES) / result.sampleRate) * 1000);
      return {
        audio,
        mimeType: "audio/mpeg",
        durationMs,
        sentences: timingsFromStarts(sentences, startsMs, durationMs),
        provider: "espeak-tts",
        timing: "exact",
      };
    },
  };
}
