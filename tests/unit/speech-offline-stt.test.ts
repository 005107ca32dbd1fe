// Offline speech recognition runs for real: Debian's ffmpeg and PocketSphinx on a recorded human utterance from
// pocketsphinx-testdata (LibriVox, Sense and Sensibility), sent as a browser records it: webm/opus at 48 kHz, and
// also mp4/AAC and wav. Synthetic voices are not used: PocketSphinx recognises them poorly (TECH-NOTES).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { ProviderError } from "@/lib/ai/errors";
import { NoTranscriptionResults, UnsupportedAudioFormat } from "@/lib/speech/errors";
import { pocketSphinxAvailable, pocketSphinxStt, type PocketSphinxSettings } from "@/lib/speech/providers/pocketsphinx";
import { transcribeWith } from "@/lib/speech/stt";

const LIBRIVOX = "/usr/share/pocketsphinx/test/data/librivox";
const UTTERANCES = ["0870", "0880", "0890", "0920", "0930"].map((id) => `sense_and_sensibility_01_austen_64kb-${id}`);

/** An utterance's transcript, from the package's `transcription` file. */
function knownTranscript(utterance: string): string[] {
  const line = readFileSync(`${LIBRIVOX}/transcription`, "utf8")
    .split("\n")
    .find((entry) => entry.includes(`(${utterance})`));
  return (line ?? "")
    .replace(/<\/?s>|\(.*\)/g, "")
    .trim()
    .split(/\s+/);
}

const SETTINGS: PocketSphinxSettings = { ffmpegPath: "ffmpeg", pocketsphinxPath: "pocketsphinx_continuous", timeoutMs: 60_000 };

/** The utterance re-encoded by ffmpeg as a browser's MediaRecorder would send it. */
function asBrowserRecording(format: "webm" | "mp4" | "wav", utterance = UTTERANCES[3]!): Uint8Array {
  const codec: Record<typeof format, string[]> = {
    // Chrome and Firefox record Opus at 48 kHz and 128 kbps by default.
    webm: ["-ar", "48000", "-c:a", "libopus", "-b:a", "128k", "-f", "webm"],
    mp4: ["-ar", "44100", "-c:a", "aac", "-b:a", "64k", "-movflags", "frag_keyframe+empty_moov", "-f", "mp4"],
    wav: ["-ar", "44100", "-c:a", "pcm_s16le", "-f", "wav"],
  };
  return new Uint8Array(execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", `${LIBRIVOX}/${utterance}.wav`, "-ac", "1", ...codec[format], "pipe:1"], { maxBuffer: 16 * 1024 * 1024 }));
}

/** Share of the known words found in the transcript, each heard word used once. */
function wordRecall(expected: readonly string[], transcript: string): number {
  const heard = transcript.toLowerCase().replace(/[^a-z' ]/g, " ").split(/\s+/).filter(Boolean);
  let found = 0;
  for (const word of expected) {
    const at = heard.indexOf(word);
    if (at >= 0) {
      found += 1;
      heard.splice(at, 1);
    }
  }
  return found / expected.length;
}

describe("offline speech to text (PocketSphinx via ffmpeg)", { timeout: 120_000 }, () => {
  it("is available on this machine (Debian's pocketsphinx, pocketsphinx-en-us and ffmpeg)", async () => {
    expect(await pocketSphinxAvailable(SETTINGS), "install them with: node scripts/ensure-speech-tools.mjs (as root)").toBe(true);
  });

  it("returns most words of human utterances recorded as webm/opus", async () => {
    const recalls: number[] = [];
    for (const utterance of UTTERANCES) {
      const recording = asBrowserRecording("webm", utterance);
      expect(Buffer.from(recording.subarray(0, 4)).toString("hex")).toBe("1a45dfa3");
      const { transcript, provider } = await transcribeWith(pocketSphinxStt(SETTINGS), recording, "audio/webm;codecs=opus");
      expect(provider).toBe("pocketsphinx");
      const recall = wordRecall(knownTranscript(utterance), transcript);
      // Every utterance gives at least half its words back...
      expect(recall, `heard "${transcript}" for "${knownTranscript(utterance).join(" ")}"`).toBeGreaterThanOrEqual(0.5);
      recalls.push(recall);
    }
    // ...and most of them over all (about 70% on this machine).
    expect(recalls.reduce((sum, recall) => sum + recall, 0) / recalls.length).toBeGreaterThan(0.6);
  });

  it("reads mp4/AAC and wav recordings too", async () => {
    for (const format of ["mp4", "wav"] as const) {
      const { transcript } = await transcribeWith(pocketSphinxStt(SETTINGS), asBrowserRecording(format), `audio/${format}`);
      expect(wordRecall(knownTranscript(UTTERANCES[3]!), transcript), `${format}: "${transcript}"`).toBeGreaterThan(0.6);
    }
  });

  it("answers the spec's cases: unsupported audio format, no transcription results", async () => {
    const notAudio = new TextEncoder().encode("this is plainly not a recording, just some text that was uploaded");
    await expect(transcribeWith(pocketSphinxStt(SETTINGS), notAudio, "audio/webm")).rejects.toBeInstanceOf(UnsupportedAudioFormat);
    await expect(transcribeWith(pocketSphinxStt(SETTINGS), notAudio, "audio/webm")).rejects.toThrow("Audio format not supported. Please try recording again.");
    // A webm header with nothing decodable after it.
    const truncated = asBrowserRecording("webm").subarray(0, 60);
    await expect(transcribeWith(pocketSphinxStt(SETTINGS), truncated, "audio/webm")).rejects.toBeInstanceOf(UnsupportedAudioFormat);

    const silence = new Uint8Array(
      execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-f", "lavfi", "-i", "anullsrc=r=48000:cl=mono", "-t", "2", "-c:a", "libopus", "-f", "webm", "pipe:1"]),
    );
    const heardNothing = transcribeWith(pocketSphinxStt(SETTINGS), silence, "audio/webm");
    await expect(heardNothing).rejects.toBeInstanceOf(NoTranscriptionResults);
    await expect(heardNothing).rejects.toThrow("No speech detected. Please speak clearly and try again.");
  });

  it("is unavailable when a program is missing, and bounded in time", async () => {
    expect(await pocketSphinxAvailable({ ...SETTINGS, pocketsphinxPath: "/nonexistent/pocketsphinx_continuous" })).toBe(false);
    expect(await pocketSphinxAvailable({ ...SETTINGS, ffmpegPath: "/nonexistent/ffmpeg" })).toBe(false);
    const hurried = pocketSphinxStt({ ...SETTINGS, timeoutMs: 50 });
    const error = await transcribeWith(hurried, asBrowserRecording("webm"), "audio/webm").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ provider: "PocketSphinx", kind: "timeout", message: "PocketSphinx did not finish within 50 ms." });
  });
});
