// Speech providers resolved per tenant on the real database: the tenant's plugin settings (saved through the plugin
// route, secrets decrypted by the service), platform keys from the env as fallbacks, the offline defaults when
// nothing is configured, and the spec's 'not configured' case. Cloud calls go to loopback stand-ins.
import { execFileSync } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import * as pluginRoute from "@/app/api/v1/plugins/[id]/route";
import { env, type Env } from "@/lib/env";
import { SpeechRecognitionNotConfigured } from "@/lib/speech/errors";
import { mp3Info } from "@/lib/speech/mp3";
import { tenantSpeechProviders } from "@/lib/speech/plugin-settings";
import { speechToTextFor, transcribe, transcribeWith } from "@/lib/speech/stt";
import { synthesize, textToSpeechFor } from "@/lib/speech/tts";
import { call } from "../support/api";
import type { Organisation } from "../support/accounts";
import { organisation, superAdmin } from "../support/admin";
import { multipartOf, startOpenAISpeechStandIn, startSpeechStandIn, type OpenAISpeechStandIn, type SpeechStandIn } from "../support/speech-standins";

let speech: SpeechStandIn;
let openai: OpenAISpeechStandIn;
let india: Organisation;
let juliett: Organisation;
let kilo: Organisation;
/** The test's configuration: loopback addresses allowed for the stand-ins, short time limits. */
let settings: Env;
let webm: Uint8Array;

async function configure(org: Organisation, pluginId: string, body: { enabled?: boolean; config?: Record<string, unknown> }): Promise<void> {
  const response = await call(pluginRoute.PUT, "PUT", { token: org.admin.access_token, params: { id: pluginId }, body });
  expect(response.status, `PUT /plugins/${pluginId}`).toBe(200);
}

beforeAll(async () => {
  await superAdmin();
  [india, juliett, kilo] = await Promise.all([organisation("India"), organisation("Juliett"), organisation("Kilo")]);
  [speech, openai] = await Promise.all([startSpeechStandIn(), startOpenAISpeechStandIn()]);
  settings = {
    ...env(),
    // No platform keys unless a test adds them, whatever the machine's environment holds.
    OPENAI_API_KEY: undefined,
    OPENAI_SPEECH_BASE_URL: undefined,
    AZURE_SPEECH_KEY: undefined,
    ELEVENLABS_API_KEY: undefined,
    GOOGLE_CLOUD_API_KEY: undefined,
    FETCH_ALLOW_LOOPBACK: true,
    SPEECH_TIMEOUT_MS: 15_000,
    SPEECH_MAX_RETRIES: 1,
  };
  webm = new Uint8Array(
    execFileSync("ffmpeg", [
      "-hide_banner",
      "-loglevel",
      "error",
      "-i",
      "/usr/share/pocketsphinx/test/data/librivox/sense_and_sensibility_01_austen_64kb-0880.wav",
      "-ac",
      "1",
      "-ar",
      "48000",
      "-c:a",
      "libopus",
      "-f",
      "webm",
      "pipe:1",
    ]),
  );
});

afterAll(async () => {
  await Promise.all([speech?.close(), openai?.close()]);
});

describe("text to speech per tenant", () => {
  it("a tenant with nothing configured gets the offline voice, also when it prefers a provider it cannot use", async () => {
    expect((await textToSpeechFor(india.tenantId, undefined, settings)).provider).toBe("espeak-tts");
    expect((await textToSpeechFor(india.tenantId, "azure", settings)).provider).toBe("espeak-tts");
    const spoken = await synthesize(india.tenantId, "Welcome to the quarterly review. Let us begin.", { provider: "google-cloud" });
    expect(spoken.provider).toBe("espeak-tts");
    expect(mp3Info(spoken.audio)?.durationMs).toBe(spoken.durationMs);
    expect(spoken.sentences).toHaveLength(2);
  });

  it("the offline voice speaks with the tenant's settings (words per minute)", async () => {
    const text = "The quick brown fox jumps over the lazy dog, again and again, until the sun goes down.";
    const before = await (await textToSpeechFor(juliett.tenantId, undefined, settings)).synthesize(text);
    await configure(juliett, "espeak-tts", { config: { wordsPerMinute: 320 } });
    const after = await (await textToSpeechFor(juliett.tenantId, undefined, settings)).synthesize(text);
    expect(after.durationMs).toBeLessThan(before.durationMs * 0.7);
  });

  it("a tenant's own ElevenLabs key and address are used for that tenant only", async () => {
    await configure(india, "elevenlabs-tts", { enabled: true, config: { apiKey: speech.keys.elevenlabs, baseUrl: speech.url, defaultVoice: "Domi" } });
    const tts = await textToSpeechFor(india.tenantId, "elevenlabs", settings);
    expect(tts.provider).toBe("elevenlabs-tts");
    const spoken = await tts.synthesize("Hello from India. Goodbye.");
    expect(spoken).toMatchObject({ provider: "elevenlabs-tts", timing: "exact" });
    const synthesis = speech.requests.filter((request) => request.route === "elevenlabs-tts");
    expect(synthesis).toHaveLength(1);
    expect(synthesis[0]?.headers["xi-api-key"]).toBe(speech.keys.elevenlabs);
    expect(synthesis[0]?.path).toBe("/v1/text-to-speech/AZnzlk1XvdvUeBnXmlld/with-timestamps");

    // Another tenant asking for the same provider has no key: the offline voice, and no request goes out.
    speech.reset();
    expect((await textToSpeechFor(kilo.tenantId, "elevenlabs", settings)).provider).toBe("espeak-tts");
    expect(speech.requests).toHaveLength(0);
  });

  it("refuses a tenant's address inside a private network, and loopback unless allowed", async () => {
    await configure(kilo, "elevenlabs-tts", { enabled: true, config: { apiKey: "kilo-key-0123456789", baseUrl: "http://10.1.2.3:8080" } });
    await expect(textToSpeechFor(kilo.tenantId, "elevenlabs-tts", settings)).rejects.toThrow(
      "ElevenLabs: the base URL in the plugin settings points to a private or reserved network.",
    );
    await configure(kilo, "elevenlabs-tts", { config: { baseUrl: speech.url } });
    await expect(textToSpeechFor(kilo.tenantId, "elevenlabs-tts", { ...settings, FETCH_ALLOW_LOOPBACK: false })).rejects.toThrow(
      "points to a private or reserved network",
    );
    await configure(kilo, "elevenlabs-tts", { enabled: false });
  });

  it("a platform key serves tenants without their own, but never goes to an address the tenant typed", async () => {
    await configure(kilo, "azure-tts", { enabled: true, config: { region: "westus2" } });
    await configure(kilo, "elevenlabs-tts", { enabled: true, config: { apiKey: "", baseUrl: "https://collector.example.net" } });
    const platform = { ...settings, AZURE_SPEECH_KEY: speech.keys.azure, AZURE_SPEECH_REGION: "northeurope", AZURE_TTS_ENDPOINT: `${speech.url}/cognitiveservices/v1`, ELEVENLABS_API_KEY: "platform-eleven-key-000" };
    const providers = await tenantSpeechProviders(kilo.tenantId, "tts", platform);
    expect(providers.find((provider) => provider.id === "elevenlabs-tts")).toMatchObject({
      keySource: "platform",
      config: { baseUrl: "https://api.elevenlabs.io" },
      secrets: { apiKey: "platform-eleven-key-000" },
    });
    expect(providers.find((provider) => provider.id === "azure-tts")).toMatchObject({ keySource: "platform", config: { region: "northeurope" } });

    speech.reset();
    const spoken = await (await textToSpeechFor(kilo.tenantId, "azure", platform)).synthesize("Platform voices work.");
    expect(spoken.provider).toBe("azure-tts");
    expect(speech.requests[0]?.headers["ocp-apim-subscription-key"]).toBe(speech.keys.azure);
    // Without the platform key, the tenant's Azure plugin has no key: not usable.
    expect((await tenantSpeechProviders(kilo.tenantId, "tts", settings)).map((provider) => provider.id)).not.toContain("azure-tts");
  });

  it("OpenAI TTS is there when the platform has an OpenAI key", async () => {
    const withOpenAi = { ...settings, OPENAI_API_KEY: openai.apiKey, OPENAI_SPEECH_BASE_URL: openai.baseURL };
    const tts = await textToSpeechFor(india.tenantId, "openai", withOpenAi);
    expect(tts.provider).toBe("openai-tts");
    const spoken = await tts.synthesize("A platform voice.");
    expect(spoken.provider).toBe("openai-tts");
    expect(openai.requests.at(-1)?.json).toMatchObject({ model: settings.OPENAI_TTS_MODEL, voice: settings.OPENAI_TTS_VOICE, input: "A platform voice." });
  });
});

describe("speech to text per tenant", () => {
  it("with nothing configured: PocketSphinx when installed, else the spec's 'not configured'", async () => {
    expect((await speechToTextFor(juliett.tenantId, "openai-whisper", settings)).provider).toBe("pocketsphinx");
    const heard = await transcribe(juliett.tenantId, webm, "audio/webm;codecs=opus", { provider: "openai-whisper" });
    expect(heard.provider).toBe("pocketsphinx");
    expect(heard.transcript).toMatch(/young man/);

    const bare = { ...settings, POCKETSPHINX_PATH: "/nonexistent/pocketsphinx_continuous" };
    const error = await speechToTextFor(juliett.tenantId, undefined, bare).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(SpeechRecognitionNotConfigured);
    expect(error).toMatchObject({ status: 503, message: "Speech recognition service is not configured." });
    expect((await speechToTextFor(juliett.tenantId, undefined, { ...settings, FFMPEG_PATH: "/nonexistent/ffmpeg" }).catch((caught: unknown) => caught)) instanceof SpeechRecognitionNotConfigured).toBe(true);
    // The offline recogniser is a plugin the tenant may switch off: then nothing transcribes, installed or not.
    await configure(juliett, "pocketsphinx-speech", { enabled: false });
    expect(await speechToTextFor(juliett.tenantId, "pocketsphinx", settings).catch((caught: unknown) => caught)).toBeInstanceOf(SpeechRecognitionNotConfigured);
    await configure(juliett, "pocketsphinx-speech", { enabled: true });
    expect((await speechToTextFor(juliett.tenantId, undefined, settings)).provider).toBe("pocketsphinx");
  });

  it("a tenant's Whisper settings: its key, its compatible server, its model and language", async () => {
    await configure(india, "openai-whisper", { config: { apiKey: openai.apiKey, baseUrl: openai.baseURL, model: "whisper-large-v3", language: "en-GB", temperature: 0.2 } });
    const recogniser = await speechToTextFor(india.tenantId, "openai-whisper", settings);
    expect(recogniser.provider).toBe("openai-whisper");
    openai.reset();
    expect(await transcribeWith(recogniser, webm, "audio/webm")).toEqual({ transcript: openai.transcript, provider: "openai-whisper" });
    const [request] = openai.requests;
    expect(request?.headers.authorization).toBe(`Bearer ${openai.apiKey}`);
    expect((await multipartOf(request!)).fields).toMatchObject({ model: "whisper-large-v3", language: "en", temperature: "0.2" });
    // The tenant's preference for the offline recogniser is honoured too.
    expect((await speechToTextFor(india.tenantId, "pocketsphinx", settings)).provider).toBe("pocketsphinx");
  });

  it("Google Cloud Speech with the platform's key when the tenant enabled it without one", async () => {
    await configure(kilo, "openai-whisper", { enabled: false });
    await configure(kilo, "google-cloud-speech", { enabled: true, config: { language: "en-AU", model: "latest_short" } });
    const platform = { ...settings, GOOGLE_CLOUD_API_KEY: speech.keys.google, GOOGLE_SPEECH_ENDPOINT: speech.url };
    const recogniser = await speechToTextFor(kilo.tenantId, undefined, platform);
    expect(recogniser.provider).toBe("google-cloud-speech");
    speech.reset();
    expect((await transcribeWith(recogniser, webm, "audio/webm")).transcript).toBe(speech.transcript);
    expect(speech.requests[0]?.headers["x-goog-api-key"]).toBe(speech.keys.google);
    expect(speech.requests[0]?.json).toMatchObject({ config: { languageCode: "en-AU", model: "latest_short" } });
  });
});
