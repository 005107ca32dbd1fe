// The cloud recognisers against loopback stand-ins: OpenAI Whisper (the openai package's multipart request) and
// Google Cloud Speech-to-Text (REST recognize, audio decoded by ffmpeg to LINEAR16, or sent as it is without ffmpeg),
// with 429 then success, time limits, bad keys (no key in the error or the log) and the spec's failure cases.
import { execFileSync } from "node:child_process";
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ProviderError } from "@/lib/ai/errors";
import { logger } from "@/lib/log";
import { NoTranscriptionResults, UnsupportedAudioFormat } from "@/lib/speech/errors";
import type { CallPolicy } from "@/lib/speech/provider-call";
import { detectAudioContainer } from "@/lib/speech/audio";
import { googleSpeechStt } from "@/lib/speech/providers/google-speech";
import { whisperStt } from "@/lib/speech/providers/openai-audio";
import { transcribeWith } from "@/lib/speech/stt";
import { apiError } from "../support/openai-standin";
import { multipartOf, startOpenAISpeechStandIn, startSpeechStandIn, type OpenAISpeechStandIn, type SpeechStandIn } from "../support/speech-standins";

const POLICY: CallPolicy = { timeoutMs: 15_000, maxRetries: 2, baseDelayMs: 10 };
const HURRIED: CallPolicy = { timeoutMs: 300, maxRetries: 0 };
const UTTERANCE = "/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0880.wav";

function recording(format: "webm" | "mp4"): Uint8Array {
  const codec = format === "webm" ? ["-ar", "48000", "-c:a", "libopus", "-f", "webm"] : ["-c:a", "aac", "-movflags", "frag_keyframe+empty_moov", "-f", "mp4"];
  return new Uint8Array(execFileSync("ffmpeg", ["-hide_banner", "-loglevel", "error", "-i", UTTERANCE, "-ac", "1", ...codec, "pipe:1"]));
}

let speech: SpeechStandIn;
let openai: OpenAISpeechStandIn;
let webm: Uint8Array;
const logged: string[] = [];

beforeAll(async () => {
  [speech, openai] = await Promise.all([startSpeechStandIn(), startOpenAISpeechStandIn()]);
  webm = recording("webm");
  for (const level of ["warn", "error", "info"] as const) {
    vi.spyOn(logger, level).mockImplementation(((...args: unknown[]) => {
      logged.push(JSON.stringify(args));
    }) as never);
  }
});

afterEach(() => {
  expect(speech.shapeErrors).toEqual([]);
  expect(openai.shapeErrors).toEqual([]);
  speech.reset();
  openai.reset();
  logged.length = 0;
});

afterAll(async () => {
  vi.restoreAllMocks();
  await Promise.all([speech.close(), openai.close()]);
});

const whisper = (apiKey: string, policy = POLICY) =>
  whisperStt({ apiKey, baseUrl: openai.baseURL, model: "whisper-1", language: "en-US", temperature: 0, policy }, detectAudioContainer);

const google = (apiKey: string, options: { ffmpegPath?: string; policy?: CallPolicy } = {}) =>
  googleSpeechStt({ apiKey, language: "en-US", model: "latest_long", endpoint: speech.url, ffmpegPath: options.ffmpegPath ?? "ffmpeg", policy: options.policy ?? POLICY });

describe("OpenAI Whisper", () => {
  it("sends the recording as the browser made it, with the plugin's model, language and temperature", async () => {
    const result = await transcribeWith(whisper(openai.apiKey), webm, "audio/webm;codecs=opus");
    expect(result).toEqual({ transcript: openai.transcript, provider: "openai-whisper" });
    const [request] = openai.requests;
    expect(request?.path).toBe("/audio/transcriptions");
    expect(request?.headers.authorization).toBe(`Bearer ${openai.apiKey}`);
    const { fields, file } = await multipartOf(request!);
    expect(fields).toMatchObject({ model: "whisper-1", language: "en", temperature: "0", response_format: "json" });
    expect(file?.name).toBe("question.webm");
    expect(file?.type).toBe("audio/webm");
    expect(Buffer.from(file!.data).equals(Buffer.from(webm))).toBe(true);
  });

  it("retries a 429, and gives a clear error for a bad key or a server that never answers", async () => {
    openai.enqueue("/audio/transcriptions", apiError(429, "Rate limit reached", { headers: { "retry-after": "0" } }));
    expect((await transcribeWith(whisper(openai.apiKey), webm, "audio/webm")).transcript).toBe(openai.transcript);
    expect(openai.requests).toHaveLength(2);

    const wrongKey = "sk-proj-wrongwrongwrong0123456789";
    const refused = await transcribeWith(whisper(wrongKey), webm, "audio/webm").catch((caught: unknown) => caught);
    expect(refused).toBeInstanceOf(ProviderError);
    expect(refused).toMatchObject({ provider: "OpenAI Whisper", kind: "auth", message: "OpenAI Whisper refused the credentials (HTTP 401). Check the key in the plugin settings." });
    // The stand-in, like OpenAI, quotes part of the key in its message: that part reaches neither error nor log.
    const everything = `${JSON.stringify(refused)} ${(refused as Error).stack} ${logged.join(" ")}`;
    expect(everything).not.toContain(wrongKey);
    expect(everything).not.toContain("6789");

    openai.enqueue("/audio/transcriptions", { kind: "hang" });
    await expect(transcribeWith(whisper(openai.apiKey, HURRIED), webm, "audio/webm")).rejects.toMatchObject({
      kind: "timeout",
      message: "OpenAI Whisper did not answer within 300 ms.",
    });
  });

  it("answers the spec's texts for an empty transcript and for bytes that are not a recording", async () => {
    openai.enqueue("/audio/transcriptions", { kind: "json", body: { text: "  " } });
    await expect(transcribeWith(whisper(openai.apiKey), webm, "audio/webm")).rejects.toBeInstanceOf(NoTranscriptionResults);
    const notAudio = new TextEncoder().encode("C:\\Users\\me\\recording.webm is a path, not audio");
    await expect(transcribeWith(whisper(openai.apiKey), notAudio, "audio/webm")).rejects.toBeInstanceOf(UnsupportedAudioFormat);
    // Refused before any request.
    expect(openai.requests).toHaveLength(1);
  });
});

describe("Google Cloud Speech-to-Text", () => {
  it("sends 16 kHz LINEAR16 decoded by ffmpeg, with the plugin's language and model and the key in X-Goog-Api-Key", async () => {
    const result = await transcribeWith(google(speech.keys.google), webm, "audio/webm");
    expect(result).toEqual({ transcript: speech.transcript, provider: "google-cloud-speech" });
    const [request] = speech.requests;
    expect(request?.route).toBe("google-speech");
    expect(request?.headers["x-goog-api-key"]).toBe(speech.keys.google);
    expect(request?.json).toMatchObject({
      config: { encoding: "LINEAR16", sampleRateHertz: 16_000, audioChannelCount: 1, languageCode: "en-US", model: "latest_long" },
    });
    // mp4/AAC, which Google cannot read itself, works through ffmpeg too.
    await transcribeWith(google(speech.keys.google), recording("mp4"), "audio/mp4");
    expect(speech.requests.at(-1)?.json).toMatchObject({ config: { encoding: "LINEAR16" } });
  });

  it("without ffmpeg sends webm as WEBM_OPUS at 48 kHz, and refuses mp4 as an unsupported format", async () => {
    const noFfmpeg = google(speech.keys.google, { ffmpegPath: "/nonexistent/ffmpeg" });
    await transcribeWith(noFfmpeg, webm, "audio/webm");
    const [request] = speech.requests;
    expect(request?.json).toMatchObject({ config: { encoding: "WEBM_OPUS", sampleRateHertz: 48_000 }, audio: { content: Buffer.from(webm).toString("base64") } });
    const error = await transcribeWith(noFfmpeg, recording("mp4"), "audio/mp4").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(UnsupportedAudioFormat);
    expect((error as Error).message).toBe("Audio format not supported. Please try recording again.");
  });

  it("retries a 429; a bad key (Google answers 400 API_KEY_INVALID) and a hang are clear errors", async () => {
    speech.enqueue("google-speech", { kind: "json", status: 429, headers: { "retry-after": "0" }, body: { error: { code: 429, status: "RESOURCE_EXHAUSTED" } } });
    await transcribeWith(google(speech.keys.google), webm, "audio/webm");
    expect(speech.requests).toHaveLength(2);

    const wrongKey = "AIzaSyWrongWrongWrong0123456789abcdefgh";
    const refused = await transcribeWith(google(wrongKey), webm, "audio/webm").catch((caught: unknown) => caught);
    expect(refused).toMatchObject({
      provider: "Google Cloud Speech-to-Text",
      kind: "auth",
      message: "Google Cloud Speech-to-Text refused the credentials (HTTP 400). Check the key in the plugin settings.",
    });
    expect(`${JSON.stringify(refused)} ${logged.join(" ")}`).not.toContain(wrongKey);

    // The hurried deadline covers ffmpeg's decoding too, which a busy machine can take longer than 300 ms over: the
    // recording goes to Google as it is (WEBM_OPUS), so the deadline met is the hanging call's.
    speech.enqueue("google-speech", { kind: "hang" });
    await expect(transcribeWith(google(speech.keys.google, { policy: HURRIED, ffmpegPath: "/nonexistent/ffmpeg" }), webm, "audio/webm")).rejects.toMatchObject({
      provider: "Google Cloud Speech-to-Text",
      kind: "timeout",
    });
  });

  it("no results is the spec's 'no speech detected'", async () => {
    speech.transcript = "";
    try {
      await expect(transcribeWith(google(speech.keys.google), webm, "audio/webm")).rejects.toThrow("No speech detected. Please speak clearly and try again.");
    } finally {
      speech.transcript = "what is the capital of france";
    }
  });
});
