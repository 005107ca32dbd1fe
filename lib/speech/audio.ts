// Recorded audio as browsers send it: its container told from the bytes (not the declared type), and decoding to
// 16 kHz mono 16-bit PCM WAV with Debian's ffmpeg for the recognisers that need it.
import { execFile } from "node:child_process";
import { mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { PayloadTooLarge } from "@/lib/errors";
import { UnsupportedAudioFormat } from "./errors";

export type AudioContainer = "webm" | "ogg" | "mp4" | "wav" | "mp3";

/** A 30-second recording is well under 1 MB; this leaves room for long wav recordings and stays under Whisper's 25 MB. */
export const MAX_RECORDING_BYTES = 20 * 1024 * 1024;

function ascii(bytes: Uint8Array, from: number, length: number): string {
  return String.fromCharCode(...bytes.subarray(from, from + length));
}

/** The container of a recording, from its first bytes; UnsupportedAudioFormat for anything else. */
export function detectAudioContainer(audio: Uint8Array): AudioContainer {
  if (audio.length > MAX_RECORDING_BYTES) throw new PayloadTooLarge("The recording is too large.");
  if (audio.length >= 4 && audio[0] === 0x1a && audio[1] === 0x45 && audio[2] === 0xdf && audio[3] === 0xa3) return "webm";
  if (ascii(audio, 0, 4) === "OggS") return "ogg";
  if (ascii(audio, 0, 4) === "RIFF" && ascii(audio, 8, 4) === "WAVE") return "wav";
  if (ascii(audio, 4, 4) === "ftyp") return "mp4";
  if (ascii(audio, 0, 3) === "ID3" || (audio[0] === 0xff && ((audio[1] ?? 0) & 0xe0) === 0xe0)) return "mp3";
  throw new UnsupportedAudioFormat();
}

export interface RunResult {
  stdout: string;
  stderr: string;
}

export class ToolTimedOut extends Error {}

/** Runs a program without a shell, killing it at the time limit. */
export function run(program: string, args: readonly string[], timeoutMs: number): Promise<RunResult> {
  return new Promise((resolve, reject) => {
    execFile(program, args, { timeout: timeoutMs, killSignal: "SIGKILL", maxBuffer: 4 * 1024 * 1024, windowsHide: true }, (error, stdout, stderr) => {
      if (error) {
        if ((error as NodeJS.ErrnoException & { killed?: boolean }).killed) return reject(new ToolTimedOut());
        return reject(Object.assign(error, { stderr }));
      }
      resolve({ stdout, stderr });
    });
  });
}

const availability = new Map<string, Promise<boolean>>();

/**
 * Whether a program can be started (a name on PATH or a path): it is run once with `probeArgs` and counts as present
 * unless the system could not start it. Remembered per program for the life of the process.
 */
export function toolAvailable(program: string, probeArgs: readonly string[]): Promise<boolean> {
  const key = `${program}\u0000${probeArgs.join(" ")}`;
  let known = availability.get(key);
  if (!known) {
    known = run(program, probeArgs, 10_000).then(
      () => true,
      (error: unknown) => {
        const code = (error as NodeJS.ErrnoException).code;
        return !(code === "ENOENT" || code === "EACCES" || error instanceof ToolTimedOut);
      },
    );
    availability.set(key, known);
  }
  return known;
}

const EXTENSION: Record<AudioContainer, string> = { webm: "webm", ogg: "ogg", mp4: "m4a", wav: "wav", mp3: "mp3" };

/**
 * Decodes a recording to 16 kHz mono 16-bit PCM WAV with ffmpeg, in a private temporary folder, and hands the WAV
 * file's path to `work`; the folder is removed afterwards. What ffmpeg cannot read is UnsupportedAudioFormat; running
 * out of time is ToolTimedOut.
 */
export async function withPcmWav<T>(ffmpegPath: string, audio: Uint8Array, timeoutMs: number, work: (wavPath: string) => Promise<T>): Promise<T> {
  const container = detectAudioContainer(audio);
  const directory = await mkdtemp(path.join(tmpdir(), "speech-"));
  try {
    const input = path.join(directory, `input.${EXTENSION[container]}`);
    const output = path.join(directory, "output.wav");
    await writeFile(input, audio);
    try {
      await run(
        ffmpegPath,
        // A 60 Hz high-pass takes out rumble and DC offset, which cost PocketSphinx words on real recordings.
        ["-hide_banner", "-loglevel", "error", "-nostdin", "-y", "-i", input, "-vn", "-af", "highpass=f=60", "-ac", "1", "-ar", "16000", "-c:a", "pcm_s16le", "-f", "wav", output],
        timeoutMs,
      );
    } catch (error) {
      if (error instanceof ToolTimedOut) throw error;
      throw new UnsupportedAudioFormat();
    }
    return await work(output);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** The recording as 16 kHz mono PCM WAV bytes. */
export function decodeToPcmWav(ffmpegPath: string, audio: Uint8Array, timeoutMs: number): Promise<Uint8Array> {
  return withPcmWav(ffmpegPath, audio, timeoutMs, async (wavPath) => new Uint8Array(await readFile(wavPath)));
}
