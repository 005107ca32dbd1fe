// Speech plugins per tenant (spec section 3 catalogue plus the built-in offline voice). Settings live on the
// server; secret fields are stored AES-256-GCM encrypted and only ever returned masked.
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { tenantPlugins } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { decryptSecret, encryptSecret } from "@/lib/auth/crypto";
import { Forbidden, NotFound, ValidationFailed } from "@/lib/errors";
import { logger } from "@/lib/log";
import { CONTROL_CHARACTERS_MESSAGE, hasForbiddenCharacters } from "@/lib/validation/characters";
import { recordActivity } from "./activity";

export const SECRET_MASK = "••••••••";

type FieldType = "string" | "number" | "boolean";

interface FieldDefinition {
  key: string;
  label: string;
  type: FieldType;
  secret?: boolean;
  /** An enabled plugin without this field set reports status 'error'. */
  required?: boolean;
  default: string | number | boolean;
}

interface PluginDefinition {
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
];

export type PluginStatus = "active" | "inactive" | "error";

export interface PluginOut {
  id: string;
  name: string;
  description: string;
  kind: "tts" | "stt";
  enabled: boolean;
  status: PluginStatus;
  status_message: string | null;
  config: Record<string, string | number | boolean>;
  fields: { key: string; label: string; type: FieldType; secret: boolean; required: boolean }[];
  updated_at: string | null;
}

/** Text-to-speech: id contains 'tts' or is gtts/elevenlabs; speech-to-text: id contains 'whisper' or 'speech'. */
export function pluginKind(id: string): "tts" | "stt" {
  return id.includes("tts") || id === "gtts" || id === "elevenlabs" ? "tts" : "stt";
}

function definition(id: string): PluginDefinition {
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

interface ResolvedPlugin {
  definition: PluginDefinition;
  enabled: boolean;
  config: Record<string, string | number | boolean>;
  secrets: Record<string, string>;
  updatedAt: Date | null;
}

function resolve(def: PluginDefinition, row: typeof tenantPlugins.$inferSelect | undefined, tenantId: string): ResolvedPlugin {
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

function pluginOut(plugin: ResolvedPlugin): PluginOut {
  const missing = plugin.definition.fields.filter((field) => field.required && field.secret && !plugin.secrets[field.key]);
  const status: PluginStatus = !plugin.enabled ? "inactive" : missing.length > 0 ? "error" : "active";
  const config: Record<string, string | number | boolean> = { ...plugin.config };
  for (const field of plugin.definition.fields.filter((candidate) => candidate.secret)) {
    config[field.key] = plugin.secrets[field.key] ? SECRET_MASK : "";
  }
  return {
    id: plugin.definition.id,
    name: plugin.definition.name,
    description: plugin.definition.description,
    kind: pluginKind(plugin.definition.id),
    enabled: plugin.enabled,
    status,
    status_message: status === "error" ? `${missing.map((field) => field.label).join(", ")} not set` : null,
    config,
    fields: plugin.definition.fields.map((field) => ({
      key: field.key,
      label: field.label,
      type: field.type,
      secret: field.secret ?? false,
      required: field.required ?? false,
    })),
    updated_at: plugin.updatedAt?.toISOString() ?? null,
  };
}

async function resolvedPlugins(tenantId: string): Promise<ResolvedPlugin[]> {
  const db = await getDb();
  const rows = await db.select().from(tenantPlugins).where(eq(tenantPlugins.tenantId, tenantId));
  return PLUGIN_CATALOGUE.map((def) => resolve(def, rows.find((row) => row.pluginId === def.id), tenantId));
}

export async function listPlugins(actor: Actor): Promise<PluginOut[]> {
  // Checked here too, not only in the route: pages call this service directly.
  if (!actor.permissions.has("user.create")) throw new Forbidden();
  return (await resolvedPlugins(actor.tenantId)).map(pluginOut);
}

export async function updatePlugin(
  actor: Actor,
  pluginId: string,
  input: { enabled?: boolean; config?: Record<string, unknown> },
): Promise<PluginOut> {
  const def = definition(pluginId);
  const db = await getDb();
  const [row] = await db
    .select()
    .from(tenantPlugins)
    .where(and(eq(tenantPlugins.tenantId, actor.tenantId), eq(tenantPlugins.pluginId, pluginId)))
    .limit(1);
  const current = resolve(def, row, actor.tenantId);
  const config = { ...current.config };
  const secrets = { ...current.secrets };
  const issues: { loc: string[]; msg: string; type: string }[] = [];
  for (const [key, value] of Object.entries(input.config ?? {})) {
    // A setting is one line of text: a control character (NUL above all) could be neither stored nor sent to a
    // provider, and is refused with the field named before anything is written.
    if (typeof value === "string" && hasForbiddenCharacters(value, "line")) {
      issues.push({ loc: ["body", "config", key], msg: CONTROL_CHARACTERS_MESSAGE, type: "value_error" });
      continue;
    }
    const field = def.fields.find((candidate) => candidate.key === key);
    if (!field) {
      issues.push({ loc: ["body", "config", key], msg: `Unknown setting ${key}`, type: "extra_forbidden" });
      continue;
    }
    if (field.secret) {
      // The mask sent back unchanged keeps the stored secret; an empty value clears it.
      if (value === SECRET_MASK) continue;
      if (typeof value !== "string" || value.length > 4096) {
        issues.push({ loc: ["body", "config", key], msg: `${field.label} must be text`, type: "string_type" });
        continue;
      }
      if (value.trim() === "") delete secrets[key];
      else secrets[key] = value.trim();
      continue;
    }
    if (typeof value !== field.type || (typeof value === "string" && value.length > 2048) || (typeof value === "number" && !Number.isFinite(value))) {
      issues.push({ loc: ["body", "config", key], msg: `${field.label} must be a ${field.type}`, type: `${field.type}_type` });
      continue;
    }
    config[key] = value as string | number | boolean;
  }
  if (issues.length > 0) throw new ValidationFailed(issues);
  const enabled = input.enabled ?? current.enabled;
  const secretsCiphertext = Object.keys(secrets).length > 0 ? encryptSecret(JSON.stringify(secrets), { tenantId: actor.tenantId, pluginId }) : null;
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tenantPlugins)
      .values({ tenantId: actor.tenantId, pluginId, enabled, config, secretsCiphertext, updatedBy: actor.userId })
      .onConflictDoUpdate({
        target: [tenantPlugins.tenantId, tenantPlugins.pluginId],
        set: { enabled, config, secretsCiphertext, updatedBy: actor.userId, updatedAt: new Date() },
      })
      .returning({ updatedAt: tenantPlugins.updatedAt });
    await recordActivity(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action: "plugin.updated",
      summary: `${actor.fullName ?? actor.email} ${enabled ? "enabled" : "disabled"} ${def.name}`,
      subjectType: "plugin",
      metadata: { plugin: pluginId },
    });
    return row;
  });
  // The answer is built from what was just written, not read back afterwards: nothing can fail after the commit.
  return pluginOut({ definition: def, enabled, config, secrets, updatedAt: saved?.updatedAt ?? new Date() });
}

export interface ActiveProvider {
  id: string;
  config: Record<string, string | number | boolean>;
  secrets: Record<string, string>;
}

/** The enabled, usable providers of a tenant for the speech services (server side only: includes secrets). */
export async function activeProviders(tenantId: string, kind: "tts" | "stt"): Promise<ActiveProvider[]> {
  return (await resolvedPlugins(tenantId))
    .filter((plugin) => pluginKind(plugin.definition.id) === kind && pluginOut(plugin).status === "active")
    .map((plugin) => ({ id: plugin.definition.id, config: plugin.config, secrets: plugin.secrets }));
}
