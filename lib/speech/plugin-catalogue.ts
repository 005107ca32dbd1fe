// The speech plugin catalogue (spec section 3 plus the built-in offline voice) and a tenant's resolved plugin
// settings: the defaults, the saved config and the decrypted secrets. Read by the speech providers
// (lib/speech/plugin-settings.ts) and by the plugin service (lib/services/plugins.ts), which edits the settings.
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { tenantPlugins } from "@/db/schema";
import { decryptSecret } from "@/lib/auth/crypto";
import { NotFound } from "@/lib/errors";
import { logger } from "@/lib/log";

export const SECRET_MASK = "••••••••";

/** The plugin of the offline recogniser, PocketSphinx. */
export const OFFLINE_RECOGNITION_PLUGIN = "pocketsphinx-speech";

export type FieldType = "string" | "number" | "boolean";

export interface FieldDefinition {
  key: string;
  label: string;
  type: FieldType;
  secret?: boolean;
  /** An enabled plugin without this field set reports status 'error'. */
  required?: boolean;
  default: string | number | boolean;
}

export interface PluginDefinition {
  id: string;
  name: string;
  description: string;
  enabledByDefault: boolean;
  fields: FieldDefinition[];
}

export const PLUGIN_CATALOGUE: readonly PluginDefinition[] = [
  {
    id: "espeak-tts",
    name: "Built-in offline voice (eSpeak NG)",
    description: "Speech synthesis that runs on this server with no key and no network. Always available.",
    enabledByDefault: true,
    fields: [
      { key: "voice", label: "Voice", type: "string", default: "en-us" },
      { key: "wordsPerMinute", label: "Words per minute", type: "number", default: 165 },
      { key: "languageVoices", label: "Language voices (decks in other languages: fr=..., de=...)", type: "string", default: "" },
    ],
  },
  {
    id: "gtts",
    name: "Google Translate TTS (gTTS)",
    description: "Free text to speech through Google Translate's voice.",
    enabledByDefault: true,
    fields: [
      { key: "language", label: "Language", type: "string", default: "en" },
      { key: "slow", label: "Slow speech", type: "boolean", default: false },
      { key: "tld", label: "Top-level domain", type: "string", default: "com" },
    ],
  },
  {
    id: "azure-tts",
    name: "Azure Speech",
    description: "Microsoft Azure neural text to speech.",
    enabledByDefault: false,
    fields: [
      { key: "subscriptionKey", label: "Subscription key", type: "string", secret: true, required: true, default: "" },
      { key: "region", label: "Region", type: "string", default: "eastus" },
      { key: "defaultVoice", label: "Default voice", type: "string", default: "en-US-JennyNeural" },
      { key: "languageVoices", label: "Language voices (decks in other languages: fr=..., de=...)", type: "string", default: "" },
    ],
  },
  {
    id: "elevenlabs-tts",
    name: "ElevenLabs",
    description: "Natural voices from ElevenLabs.",
    enabledByDefault: false,
    fields: [
      { key: "apiKey", label: "API key", type: "string", secret: true, required: true, default: "" },
      { key: "baseUrl", label: "Base URL", type: "string", default: "https://api.elevenlabs.io" },
      { key: "defaultVoice", label: "Default voice", type: "string", default: "Rachel" },
      { key: "languageVoices", label: "Language voices (decks in other languages: fr=..., de=...)", type: "string", default: "" },
    ],
  },
  {
    id: "google-cloud-tts",
    name: "Google Cloud Text-to-Speech",
    description: "WaveNet and Neural2 voices from Google Cloud.",
    enabledByDefault: false,
    fields: [
      { key: "apiKey", label: "API key", type: "string", secret: true, required: true, default: "" },
      { key: "projectId", label: "Project ID", type: "string", default: "" },
      { key: "defaultVoice", label: "Default voice", type: "string", default: "en-US-Standard-A" },
      { key: "languageCode", label: "Language code", type: "string", default: "en-US" },
      { key: "languageVoices", label: "Language voices (decks in other languages: fr=..., de=...)", type: "string", default: "" },
    ],
  },
  {
    id: "openai-tts",
    name: "OpenAI Text-to-Speech",
    description: "Voices from OpenAI, or any compatible server through its base URL.",
    enabledByDefault: false,
    fields: [
      { key: "apiKey", label: "API key", type: "string", secret: true, required: true, default: "" },
      { key: "baseUrl", label: "Base URL (compatible servers)", type: "string", default: "" },
      { key: "model", label: "Model", type: "string", default: "gpt-4o-mini-tts" },
      { key: "defaultVoice", label: "Default voice", type: "string", default: "alloy" },
      { key: "languageVoices", label: "Language voices (decks in other languages: fr=..., de=...)", type: "string", default: "" },
    ],
  },
  {
    id: "openai-whisper",
    name: "OpenAI Whisper",
    description: "Speech recognition for voice questions (OpenAI or any compatible server).",
    enabledByDefault: true,
    fields: [
      { key: "apiKey", label: "API key", type: "string", secret: true, required: true, default: "" },
      { key: "baseUrl", label: "Base URL (compatible servers)", type: "string", default: "" },
      { key: "model", label: "Model", type: "string", default: "whisper-1" },
      { key: "language", label: "Language", type: "string", default: "en" },
      { key: "temperature", label: "Temperature", type: "number", default: 0 },
    ],
  },
  {
    id: "google-cloud-speech",
    name: "Google Cloud Speech-to-Text",
    description: "Speech recognition from Google Cloud.",
    enabledByDefault: false,
    fields: [
      { key: "apiKey", label: "API key", type: "string", secret: true, required: true, default: "" },
      { key: "projectId", label: "Project ID", type: "string", default: "" },
      { key: "language", label: "Language", type: "string", default: "en-US" },
      { key: "model", label: "Model", type: "string", default: "latest_long" },
    ],
  },
  {
    // Last: the recogniser the server falls back to when no cloud recogniser is usable. Its recogniser id (the
    // stored preference, the transcription's provider) is 'pocketsphinx'; the plugin's id names its kind, as the
    // Plugins page sorts by ('speech': speech to text).
    id: OFFLINE_RECOGNITION_PLUGIN,
    name: "Built-in offline recognition (PocketSphinx)",
    description:
      "Speech recognition on this server with no key and no network (US English). Needs Debian's pocketsphinx, pocketsphinx-en-us and ffmpeg: sudo node scripts/ensure-speech-tools.mjs.",
    enabledByDefault: true,
    fields: [],
  },
];

/** Text-to-speech: id contains 'tts' or is gtts/elevenlabs; speech-to-text: id contains 'whisper' or 'speech'. */
export function pluginKind(id: string): "tts" | "stt" {
  return id.includes("tts") || id === "gtts" || id === "elevenlabs" ? "tts" : "stt";
}

export function definition(id: string): PluginDefinition {
  const found = PLUGIN_CATALOGUE.find((plugin) => plugin.id === id);
  if (!found) throw new NotFound("Plugin not found");
  return found;
}

function readSecrets(ciphertext: string | null, tenantId: string, pluginId: string): Record<string, string> {
  if (!ciphertext) return {};
  try {
    return JSON.parse(decryptSecret(ciphertext, { tenantId, pluginId })) as Record<string, string>;
  } catch (error) {
    logger.error({ err: error, tenantId, pluginId }, "plugin secrets could not be decrypted (APP_SECRET changed, or the value belongs to another tenant or plugin)");
    return {};
  }
}

export interface ResolvedPlugin {
  definition: PluginDefinition;
  enabled: boolean;
  config: Record<string, string | number | boolean>;
  secrets: Record<string, string>;
  updatedAt: Date | null;
}

/** What of a tenant_plugins row the providers read (the share page reads it inside its own statement). */
export type StoredPlugin = Pick<typeof tenantPlugins.$inferSelect, "pluginId" | "enabled" | "config" | "secretsCiphertext"> & { updatedAt?: Date | null };

export function resolve(def: PluginDefinition, row: StoredPlugin | undefined, tenantId: string): ResolvedPlugin {
  const config: Record<string, string | number | boolean> = {};
  for (const field of def.fields.filter((candidate) => !candidate.secret)) {
    const saved = row?.config[field.key];
    config[field.key] = typeof saved === typeof field.default ? (saved as string | number | boolean) : field.default;
  }
  return {
    definition: def,
    enabled: row?.enabled ?? def.enabledByDefault,
    config,
    secrets: readSecrets(row?.secretsCiphertext ?? null, tenantId, def.id),
    updatedAt: row?.updatedAt ?? null,
  };
}

/** The secret fields a plugin needs and has not got. */
export function missingSecrets(plugin: ResolvedPlugin): FieldDefinition[] {
  return plugin.definition.fields.filter((field) => field.required && field.secret && !plugin.secrets[field.key]);
}

export type PluginStatus = "active" | "inactive" | "error";

export function pluginStatus(plugin: ResolvedPlugin): PluginStatus {
  return !plugin.enabled ? "inactive" : missingSecrets(plugin).length > 0 ? "error" : "active";
}

export async function resolvedPlugins(tenantId: string): Promise<ResolvedPlugin[]> {
  const db = await getDb();
  const rows = await db.select().from(tenantPlugins).where(eq(tenantPlugins.tenantId, tenantId));
  return PLUGIN_CATALOGUE.map((def) => resolve(def, rows.find((row) => row.pluginId === def.id), tenantId));
}

export interface ActiveProvider {
  id: string;
  config: Record<string, string | number | boolean>;
  secrets: Record<string, string>;
}

/** The enabled, usable providers of a tenant for the speech services (server side only: includes secrets). */
export async function activeProviders(tenantId: string, kind: "tts" | "stt"): Promise<ActiveProvider[]> {
  return (await resolvedPlugins(tenantId))
    .filter((plugin) => pluginKind(plugin.definition.id) === kind && pluginStatus(plugin) === "active")
    .map((plugin) => ({ id: plugin.definition.id, config: plugin.config, secrets: plugin.secrets }));
}
