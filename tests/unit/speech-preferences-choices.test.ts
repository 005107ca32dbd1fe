// The choices the server hands the browser for its speech preferences: the tenant's usable providers as the
// preferences spell them, with their names, and nothing of their settings or keys.
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Actor } from "@/lib/auth/actor";
import type { ProviderSettings } from "@/lib/speech/plugin-settings";

const usable = vi.hoisted(() => ({ tts: [] as ProviderSettings[], stt: [] as ProviderSettings[] }));

vi.mock("@/lib/speech/plugin-settings", () => ({
  tenantSpeechProviders: vi.fn(async (_tenantId: string, kind: "tts" | "stt") => usable[kind]),
}));

const { preferenceName, speechChoices } = await import("@/lib/services/speech-choices");
const { tenantSpeechProviders } = await import("@/lib/speech/plugin-settings");

const actor = { tenantId: "tenant-1" } as Actor;

function provider(id: string, keySource: ProviderSettings["keySource"] = "tenant"): ProviderSettings {
  return { id, config: { baseUrl: "https://speech.example.com" }, secrets: { apiKey: "sk-secret" }, keySource };
}

beforeEach(() => {
  usable.tts = [];
  usable.stt = [];
});

describe("speech choices", () => {
  it("spells voices as the stored preference does, named from the plugin catalogue", async () => {
    usable.tts = [provider("espeak-tts", "none"), provider("gtts", "none"), provider("azure-tts"), provider("google-cloud-tts", "platform")];
    const choices = await speechChoices(actor, "tts");
    expect(choices).toEqual([
      { value: "espeak", label: "Built-in offline voice (eSpeak NG)" },
      { value: "gtts", label: "Google Translate TTS (gTTS)" },
      { value: "azure", label: "Azure Speech" },
      { value: "google-cloud", label: "Google Cloud Text-to-Speech" },
    ]);
    expect(JSON.stringify(choices)).not.toMatch(/sk-secret|speech\.example\.com|keySource/);
    expect(tenantSpeechProviders).toHaveBeenCalledWith("tenant-1", "tts");
  });

  it("offers the tenant's recognisers, the offline one (last, where installed) included", async () => {
    usable.stt = [provider("openai-whisper", "platform")];
    expect(await speechChoices(actor, "stt")).toEqual([{ value: "openai-whisper", label: "OpenAI Whisper" }]);
    usable.stt = [provider("openai-whisper", "platform"), { ...provider("pocketsphinx", "none"), plugin: "pocketsphinx-speech" }];
    expect(await speechChoices(actor, "stt")).toEqual([
      { value: "openai-whisper", label: "OpenAI Whisper" },
      { value: "pocketsphinx", label: "Built-in offline recognition (PocketSphinx)" },
    ]);
  });

  it("names every provider id as the server reads it back", () => {
    expect(["azure-tts", "elevenlabs-tts", "google-cloud-tts", "gtts", "espeak-tts", "openai-tts", "openai-whisper"].map(preferenceName)).toEqual([
      "azure",
      "elevenlabs",
      "google-cloud",
      "gtts",
      "espeak",
      "openai",
      "openai-whisper",
    ]);
  });
});
