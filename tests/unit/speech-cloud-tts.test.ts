// The cloud voices against loopback stand-ins of their APIs (tests/support/speech-standins.ts): what each request
// carries (key header, config fields, text within the limits), the MP3 that comes back with its duration and
// sentence timings, a 429 followed by success, time limits, refused connections and bad keys (clear errors that name
// the provider and never carry the key, in the error or in the log).
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { ProviderError } from "@/lib/ai/errors";
import { logger } from "@/lib/log";
import { mp3Info } from "@/lib/speech/mp3";
import type { CallPolicy } from "@/lib/speech/provider-call";
import { azureTts } from "@/lib/speech/providers/azure-tts";
import { elevenLabsTts } from "@/lib/speech/providers/elevenlabs-tts";
import { googleTts } from "@/lib/speech/providers/google-tts";
import { gTts } from "@/lib/speech/providers/gtts";
import { openAiTts } from "@/lib/speech/providers/openai-audio";
import type { SynthesizedSpeech, TextToSpeech } from "@/lib/speech/types";
import { apiError } from "../support/openai-standin";
import { mp3Tone, MS_PER_CHARACTER, startOpenAISpeechStandIn, startSpeechStandIn, type OpenAISpeechStandIn, type SpeechStandIn, type StandInReply } from "../support/speech-standins";

// Generous: the machine running the tests may be busy; only HURRIED is meant to run out.
const POLICY: CallPolicy = { timeoutMs: 15_000, maxRetries: 2, baseDelayMs: 10 };
const HURRIED: CallPolicy = { timeoutMs: 300, maxRetries: 0, baseDelayMs: 10 };

const NARRATION =
  "Compost is what remains when kitchen scraps and garden waste have rotted down. " +
  "It feeds the soil, holds water and keeps plants healthy through a dry summer, which is why gardeners call it black gold and guard their heaps. " +
  "Start one today!";

let speech: SpeechStandIn;
let openai: OpenAISpeechStandIn;
const logged: string[] = [];

beforeAll(async () => {
  [speech, openai] = await Promise.all([startSpeechStandIn(), startOpenAISpeechStandIn()]);
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

interface Case {
  name: string;
  /** The provider's name in errors. */
  providerName: string;
  make(key: string | undefined, policy: CallPolicy): TextToSpeech;
  key(): string | undefined;
  requestsMade(): number;
  /** Queues replies for the synthesis route. */
  enqueue(...replies: StandInReply[]): void;
  rateLimited: StandInReply;
}

const googleStyle429: StandInReply = {
  kind: "json",
  status: 429,
  headers: { "retry-after": "0" },
  body: { error: { code: 429, message: "Quota exceeded for quota metric 'Requests'", status: "RESOURCE_EXHAUSTED" } },
};

const CASES: Case[] = [
  {
    name: "Google Cloud TTS",
    providerName: "Google Cloud Text-to-Speech",
    make: (key, policy) => googleTts({ apiKey: key ?? "", defaultVoice: "en-US-Standard-A", languageCode: "en-US", endpoint: speech.url, policy }),
    key: () => speech.keys.google,
    requestsMade: () => speech.requests.filter((request) => request.route === "google-tts").length,
    enqueue: (...replies) => speech.enqueue("google-tts", ...replies),
    rateLimited: googleStyle429,
  },
  {
    name: "Azure",
    providerName: "Azure Speech",
    make: (key, policy) => azureTts({ subscriptionKey: key ?? "", region: "westeurope", defaultVoice: "en-GB-SoniaNeural", endpoint: `${speech.url}/cognitiveservices/v1`, policy }),
    key: () => speech.keys.azure,
    requestsMade: () => speech.requests.filter((request) => request.route === "azure").length,
    enqueue: (...replies) => speech.enqueue("azure", ...replies),
    rateLimited: { kind: "raw", status: 429, headers: { "retry-after": "0" }, body: "Too many requests", contentType: "text/plain" },
  },
  {
    name: "ElevenLabs",
    providerName: "ElevenLabs",
    make: (key, policy) => elevenLabsTts({ apiKey: key ?? "", baseUrl: speech.url, defaultVoice: "Rachel", model: "eleven_multilingual_v2", policy }),
    key: () => speech.keys.elevenlabs,
    requestsMade: () => speech.requests.filter((request) => request.route === "elevenlabs-tts").length,
    enqueue: (...replies) => speech.enqueue("elevenlabs-tts", ...replies),
    rateLimited: { kind: "json", status: 429, headers: { "retry-after": "0" }, body: { detail: { status: "too_many_concurrent_requests", message: "Too many requests" } } },
  },
  {
    name: "OpenAI TTS",
    providerName: "OpenAI TTS",
    make: (key, policy) => openAiTts({ apiKey: key ?? "sk-wrong-000000", baseUrl: openai.baseURL, model: "gpt-4o-mini-tts", defaultVoice: "alloy", policy }),
    key: () => openai.apiKey,
    requestsMade: () => openai.requests.filter((request) => request.path === "/audio/speech").length,
    enqueue: (...replies) => openai.enqueue("/audio/speech", ...replies),
    rateLimited: apiError(429, "Rate limit reached for requests", { type: "requests", code: "rate_limit_exceeded", headers: { "retry-after": "0" } }),
  },
  {
    name: "gTTS",
    providerName: "Google Translate TTS (gTTS)",
    make: (_key, policy) => gTts({ language: "en", slow: false, tld: "co.uk", endpoint: speech.url, policy }),
    key: () => undefined,
    requestsMade: () => speech.requests.filter((request) => request.route === "gtts").length,
    enqueue: (...replies) => speech.enqueue("gtts", ...replies),
    rateLimited: { kind: "raw", status: 429, headers: { "retry-after": "0" }, body: "<html>unusual traffic</html>", contentType: "text/html" },
  },
];

function expectGoodSpeech(result: SynthesizedSpeech, provider: string): void {
  expect(result.provider).toBe(provider);
  expect(result.mimeType).toBe("audio/mpeg");
  expect(mp3Info(result.audio)?.durationMs).toBe(result.durationMs);
  // The stand-ins speak each character in MS_PER_CHARACTER (give or take an MP3 frame per request).
  expect(result.durationMs).toBeGreaterThan(NARRATION.replace(/ /g, "").length * MS_PER_CHARACTER * 0.9);
  expect(result.sentences.map((sentence) => sentence.text)).toEqual([
    "Compost is what remains when kitchen scraps and garden waste have rotted down.",
    "It feeds the soil, holds water and keeps plants healthy through a dry summer, which is why gardeners call it black gold and guard their heaps.",
    "Start one today!",
  ]);
  expect(result.sentences[0]!.startMs).toBe(0);
  expect(result.sentences.at(-1)!.endMs).toBe(result.durationMs);
  for (const [index, sentence] of result.sentences.entries()) {
    expect(sentence.endMs).toBeGreaterThan(sentence.startMs);
    if (index > 0) expect(sentence.startMs).toBe(result.sentences[index - 1]!.endMs);
  }
  // The second sentence is the longest by far, and its share of the time shows it.
  const length = (index: number) => result.sentences[index]!.endMs - result.sentences[index]!.startMs;
  expect(length(1)).toBeGreaterThan(length(0) * 1.4);
  expect(length(1)).toBeGreaterThan(length(2) * 4);
}

describe("cloud voices: requests and answers", () => {
  it("Google Cloud TTS: SSML with a mark per sentence, the key in X-Goog-Api-Key, exact timings from the marks", async () => {
    const result = await CASES[0]!.make(speech.keys.google, POLICY).synthesize(NARRATION);
    expectGoodSpeech(result, "google-cloud-tts");
    expect(result.timing).toBe("exact");
    const [request] = speech.requests;
    expect(request?.headers["x-goog-api-key"]).toBe(speech.keys.google);
    expect(request?.query.toString()).toBe("");
    expect(request?.json).toMatchObject({
      input: { ssml: expect.stringMatching(/^<speak><mark name="p0"\/>Compost is .*<mark name="p2"\/>Start one today!<\/speak>$/) },
      voice: { languageCode: "en-US", name: "en-US-Standard-A" },
      audioConfig: { audioEncoding: "MP3" },
      enableTimePointing: ["SSML_MARK"],
    });
    // A language the default voice does not speak: the language alone, Google picks the voice.
    await CASES[0]!.make(speech.keys.google, POLICY).synthesize("Guten Tag.", { language: "de-DE" });
    expect(speech.requests.at(-1)?.json).toMatchObject({ voice: { languageCode: "de-DE" } });
    expect(JSON.stringify(speech.requests.at(-1)?.json)).not.toContain("en-US-Standard-A");
  });

  it("Azure: SSML with the configured voice and its language, the key in Ocp-Apim-Subscription-Key, an MP3 output format", async () => {
    const result = await CASES[1]!.make(speech.keys.azure, POLICY).synthesize(NARRATION);
    expectGoodSpeech(result, "azure-tts");
    // The REST API reports no times: shared out by characters, and said so.
    expect(result.timing).toBe("estimated");
    const [request] = speech.requests;
    expect(request?.headers["ocp-apim-subscription-key"]).toBe(speech.keys.azure);
    expect(request?.headers["x-microsoft-outputformat"]).toBe("audio-24khz-48kbitrate-mono-mp3");
    expect(request?.body.toString()).toMatch(/^<speak version="1.0" xmlns="http:\/\/www.w3.org\/2001\/10\/synthesis" xml:lang="en-GB"><voice name="en-GB-SoniaNeural">Compost is/);
    // Text is escaped, never markup.
    await CASES[1]!.make(speech.keys.azure, POLICY).synthesize('Fish & chips < "5" pounds.', { voice: "en-US-GuyNeural" });
    expect(speech.requests.at(-1)?.body.toString()).toContain('xml:lang="en-US"><voice name="en-US-GuyNeural">Fish &amp; chips &lt; &quot;5&quot; pounds.</voice>');
  });

  it("Azure: refuses a region that is not a plain region name (it goes into a host name)", () => {
    expect(() => azureTts({ subscriptionKey: "k", region: "evil.example/x?", defaultVoice: "en-US-JennyNeural", policy: POLICY })).toThrow(
      'Azure Speech: "evil.example/x?" is not an Azure region name.',
    );
  });

  it("ElevenLabs: the voice name looked up once, the key in xi-api-key, model and output format, exact timings from the alignment", async () => {
    const tts = CASES[2]!.make(speech.keys.elevenlabs, POLICY);
    const result = await tts.synthesize(NARRATION);
    expectGoodSpeech(result, "elevenlabs-tts");
    expect(result.timing).toBe("exact");
    await tts.synthesize("Again.");
    const voices = speech.requests.filter((request) => request.route === "elevenlabs-voices");
    expect(voices).toHaveLength(1);
    const synthesis = speech.requests.filter((request) => request.route === "elevenlabs-tts");
    expect(synthesis[0]?.path).toBe("/v1/text-to-speech/21m00Tcm4TlvDq8ikWAM/with-timestamps");
    expect(synthesis[0]?.query.get("output_format")).toBe("mp3_44100_64");
    expect(synthesis[0]?.headers["xi-api-key"]).toBe(speech.keys.elevenlabs);
    expect(synthesis[0]?.json).toEqual({ text: NARRATION, model_id: "eleven_multilingual_v2" });
    // The second sentence starts where its first character is heard.
    const secondStarts = NARRATION.indexOf("It feeds") * MS_PER_CHARACTER;
    expect(Math.abs(result.sentences[1]!.startMs - secondStarts)).toBeLessThanOrEqual(1);
  });

  it("ElevenLabs: a voice the account does not have is a clear error", async () => {
    const tts = CASES[2]!.make(speech.keys.elevenlabs, POLICY);
    await expect(tts.synthesize("Hello.", { voice: "Nobody" })).rejects.toThrow('ElevenLabs has no voice named "Nobody" in this account.');
  });

  it("OpenAI TTS: the openai package's request (bearer key, model, voice, mp3), timings shared out by characters", async () => {
    const result = await CASES[3]!.make(openai.apiKey, POLICY).synthesize(NARRATION);
    expectGoodSpeech(result, "openai-tts");
    expect(result.timing).toBe("estimated");
    const [request] = openai.requests;
    expect(request?.headers.authorization).toBe(`Bearer ${openai.apiKey}`);
    expect(request?.json).toEqual({ model: "gpt-4o-mini-tts", voice: "alloy", input: NARRATION, response_format: "mp3" });
  });

  it("gTTS: requests of at most 100 characters that never span two sentences, so timings are exact", async () => {
    const result = await CASES[4]!.make(undefined, POLICY).synthesize(NARRATION);
    expectGoodSpeech(result, "gtts");
    expect(result.timing).toBe("exact");
    const texts = speech.requests.map((request) => request.query.get("q") ?? "");
    expect(texts.every((text) => text.length <= 100)).toBe(true);
    // The long second sentence is cut at its comma, the others go whole.
    expect(texts).toEqual([
      "Compost is what remains when kitchen scraps and garden waste have rotted down.",
      "It feeds the soil, holds water and keeps plants healthy through a dry summer,",
      "which is why gardeners call it black gold and guard their heaps.",
      "Start one today!",
    ]);
    expect(speech.requests[0]?.query.get("tl")).toBe("en");
    expect(speech.requests[0]?.query.get("ttsspeed")).toBe("1");
    // Each sentence starts where the audio of the requests before it ends.
    const firstRequestMs = mp3Info(mp3Tone(texts[0]!.length * MS_PER_CHARACTER))!.durationMs;
    expect(result.sentences[1]!.startMs).toBe(firstRequestMs);
    const slow = gTts({ language: "fr", slow: true, tld: "fr", endpoint: speech.url, policy: POLICY });
    await slow.synthesize("Bonjour.");
    expect(speech.requests.at(-1)?.query.get("ttsspeed")).toBe("0.3");
    expect(speech.requests.at(-1)?.query.get("tl")).toBe("fr");
  });
});

describe.each(CASES)("cloud voices: failures of $name", (testCase) => {
  it("retries a 429 with backoff and then succeeds", async () => {
    testCase.enqueue(testCase.rateLimited);
    const result = await testCase.make(testCase.key(), POLICY).synthesize("Start one today!");
    expect(result.durationMs).toBeGreaterThan(0);
    expect(testCase.requestsMade()).toBe(2);
  });

  it("gives up after the retries with a rate-limit error naming the provider", async () => {
    testCase.enqueue(testCase.rateLimited, testCase.rateLimited, testCase.rateLimited);
    const error = await testCase.make(testCase.key(), POLICY).synthesize("Start one today!").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ provider: testCase.providerName, kind: "quota", status: 503, providerStatus: 429 });
    expect((error as Error).message).toBe(`${testCase.providerName} is rate limiting requests or the account's quota is used up (HTTP 429). Please try again later.`);
    expect(testCase.requestsMade()).toBe(3);
  });

  it("retries a 5xx, and does not hang on a provider that never answers", async () => {
    testCase.enqueue({ kind: "json", status: 503, body: { error: "overloaded" } });
    await testCase.make(testCase.key(), POLICY).synthesize("Start one today!");
    expect(testCase.requestsMade()).toBe(2);

    testCase.enqueue({ kind: "hang" });
    const started = Date.now();
    const error = await testCase.make(testCase.key(), HURRIED).synthesize("Start one today!").catch((caught: unknown) => caught);
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ provider: testCase.providerName, kind: "timeout", status: 504 });
    expect((error as Error).message).toBe(`${testCase.providerName} did not answer within 300 ms.`);
  });

  it("names the provider when its answer is not audio", async () => {
    testCase.enqueue(
      testCase.name === "Google Cloud TTS"
        ? { kind: "json", body: { audioContent: Buffer.from("<html>not audio</html>").toString("base64") } }
        : testCase.name === "ElevenLabs"
          ? { kind: "json", body: { audio_base64: Buffer.from("not audio").toString("base64"), alignment: null } }
          : { kind: "raw", body: "<html>not audio</html>", contentType: "audio/mpeg" },
    );
    await expect(testCase.make(testCase.key(), POLICY).synthesize("Start one today!")).rejects.toThrow(
      `${testCase.providerName} answered with something other than MP3 audio.`,
    );
  });
});

// gTTS takes no key.
describe.each(CASES.filter((testCase) => testCase.name !== "gTTS"))("cloud voices: a bad key for $name", (testCase) => {
  it("answers a bad key with a clear error that never shows a key", async () => {
    const wrongKey = "sk-wrong-key-1234567890abcdef";
    const error = await testCase.make(wrongKey, POLICY).synthesize("Start one today!").catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ProviderError);
    expect(error).toMatchObject({ provider: testCase.providerName, kind: "auth", status: 502 });
    expect((error as Error).message).toMatch(new RegExp(`^${testCase.providerName.replace(/[()]/g, "\\$&")} refused the credentials \\(HTTP (400|401)\\)\\. Check the key in the plugin settings\\.$`));
    const everything = `${(error as Error).message} ${JSON.stringify(error)} ${(error as Error).stack ?? ""} ${logged.join(" ")}`;
    expect(everything).not.toContain(wrongKey);
    expect(everything).not.toContain("1234567890abcdef");
    expect(everything).not.toContain(testCase.key() ?? "never-a-key");
    // The provider's own message (which may quote part of the key) reaches only the log, and keyless there too.
    expect(logged.length).toBeGreaterThan(0);
    // A bad key is not retried (ElevenLabs meets it at its voice lookup, before any synthesis).
    expect(speech.requests.length + openai.requests.length).toBe(1);
  });
});

describe("cloud voices: connections", () => {
  it("a refused connection is a clear error naming the provider, not retried", async () => {
    const closed = await startSpeechStandIn();
    const url = closed.url;
    await closed.close();
    const tts = azureTts({ subscriptionKey: "key-000000", region: "eastus", defaultVoice: "en-US-JennyNeural", endpoint: `${url}/cognitiveservices/v1`, policy: POLICY });
    const error = await tts.synthesize("Hello there.").catch((caught: unknown) => caught);
    expect(error).toMatchObject({ provider: "Azure Speech", kind: "refused", message: "Azure Speech could not be reached (ECONNREFUSED)." });
  });

  it("a dropped connection is retried", async () => {
    speech.enqueue("azure", { kind: "drop" });
    const result = await CASES[1]!.make(speech.keys.azure, POLICY).synthesize("Hello there.");
    expect(result.durationMs).toBeGreaterThan(0);
    expect(speech.requests.filter((request) => request.route === "azure")).toHaveLength(2);
  });

});
