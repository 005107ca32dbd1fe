// Offline speech recognition: Debian's PocketSphinx (pocketsphinx_continuous with the pocketsphinx-en-us model) on
// the recording decoded to 16 kHz mono PCM by Debian's ffmpeg. US English only; about 3x faster than real time.
import { existsSync } from "node:fs";
import { ProviderError } from "../errors";
import { run, toolAvailable, ToolTimedOut, withPcmWav } from "../audio";
import { formatDuration } from "../provider-call";
import type { SpeechToText } from "../types";

export const POCKETSPHINX_NAME = "PocketSphinx";
/** Where Debian's pocketsphinx-en-us puts the acoustic model, which pocketsphinx_continuous uses by default. */
export const POCKETSPHINX_MODEL_DIR = "/usr/share/pocketsphinx/model/en-us/en-us";
/** Recognitions at once: each takes a core for a third of the recording's length. */
const MAX_CONCURRENT = 2;

export interface PocketSphinxSettings {
  ffmpegPath: string;
  pocketsphinxPath: string;
  /** For decoding and recognition together. */
  timeoutMs: number;
}

/** Both programs can be started and the English model is installed. */
export async function pocketSphinxAvailable(settings: PocketSphinxSettings): Promise<boolean> {
  if (!existsSync(POCKETSPHINX_MODEL_DIR)) return false;
  const [ffmpeg, pocketsphinx] = await Promise.all([
    toolAvailable(settings.ffmpegPath, ["-version"]),
    // Without arguments it prints its options and exits: enough to know it starts.
    toolAvailable(settings.pocketsphinxPath, []),
  ]);
  return ffmpeg && pocketsphinx;
}

let running = 0;
const waiting: (() => void)[] = [];

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (running >= MAX_CONCURRENT) await new Promise<void>((resolve) => waiting.push(resolve));
  running += 1;
  try {
    return await work();
  } finally {
    running -= 1;
    waiting.shift()?.();
  }
}

export function pocketSphinxStt(settings: PocketSphinxSettings): SpeechToText {
  return {
    provider: "pocketsphinx",
    transcribe(audio) {
      return withSlot(async () => {
        const deadline = Date.now() + settings.timeoutMs;
        const remaining = () => Math.max(1, deadline - Date.now());
        try {
          const { stdout } = await withPcmWav(settings.ffmpegPath, audio, remaining(), (wavPath) =>
            run(settings.pocketsphinxPath, ["-infile", wavPath, "-logfn", "/dev/null"], remaining()),
          );
          // One line per utterance it heard.
          const transcript = stdout
            .split("\n")
            .map((line) => line.trim())
            .filter(Boolean)
            .join(" ");
          return { transcript, provider: "pocketsphinx" };
        } catch (error) {
          if (error instanceof ToolTimedOut) {
            throw new ProviderError(POCKETSPHINX_NAME, "timeout", `${POCKETSPHINX_NAME} did not finish within ${formatDuration(settings.timeoutMs)}.`);
          }
          if (error instanceof Error && "cmd" in error) throw new ProviderError(POCKETSPHINX_NAME, "failed", `${POCKETSPHINX_NAME} failed to recognise the recording.`);
          throw error;
        }
      });
    },
  };
}
