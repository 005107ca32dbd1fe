// Which speech providers a tenant can use, with their settings: the tenant's plugin settings
// (lib/speech/plugin-catalogue.ts, secrets decrypted there) and, for an enabled plugin without a key of its own, the platform's key from the env.
import dns from "node:dns/promises";
import { isIP } from "node:net";
import { eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { tenantPlugins } from "@/db/schema";
import { env, type Env } from "@/lib/env";
import { classifyAddress } from "@/lib/http/safe-fetch";
import { ProviderError } from "./errors";
import { OFFLINE_RECOGNITION_PLUGIN, PLUGIN_CATALOGUE, pluginKind, pluginStatus, resolve, type StoredPlugin } from "./plugin-catalogue";
import { gttsReachable } from "./providers/gtts";
import { pocketSphinxAvailable } from "./providers/pocketsphinx";

type ConfigValue = string | number | boolean;

export interface ProviderSettings {
  id: string;
  /** The tenant's settings over the catalogue's defaults (or the platform's, where the platform's key is used). */
  config: Record<string, ConfigValue>;
  secrets: Record<string, string>;
  /** Whose key: a platform key never goes to an address the tenant chose. */
  keySource: "tenant" | "platform" | "none";
  /** The plugin it comes from, where its id differs from the provider's (the offline recogniser's). */
  plugin?: string;
}

interface PlatformFallback {
  /** The plugin's secret field the platform key fills. */
  secret: string;
  key(settings: Env): string | undefined;
  /** Settings that go with the platform's key, replacing the tenant's (addresses above all). */
  config(settings: Env): Record<string, ConfigValue>;
}

export function openAiSpeechBaseUrl(settings: Env): string {
  return settings.OPENAI_SPEECH_BASE_URL ?? settings.OPENAI_BASE_URL ?? "";
}

const PLATFORM: Record<string, PlatformFallback> = {
  "azure-tts": {
    secret: "subscriptionKey",
    key: (settings) => settings.AZURE_SPEECH_KEY,
    config: (settings): Record<string, ConfigValue> => (settings.AZURE_SPEECH_REGION ? { region: settings.AZURE_SPEECH_REGION } : {}),
  },
  "elevenlabs-tts": { secret: "apiKey", key: (settings) => settings.ELEVENLABS_API_KEY, config: () => ({ baseUrl: "https://api.elevenlabs.io" }) },
  "google-cloud-tts": { secret: "apiKey", key: (settings) => settings.GOOGLE_CLOUD_API_KEY, config: () => ({ projectId: "" }) },
  "google-cloud-speech": { secret: "apiKey", key: (settings) => settings.GOOGLE_CLOUD_API_KEY, config: () => ({ projectId: "" }) },
  "openai-whisper": {
    secret: "apiKey",
    // A compatible server of the platform's own (OPENAI_SPEECH_BASE_URL) may need no key.
    key: (settings) => settings.OPENAI_API_KEY ?? (settings.OPENAI_SPEECH_BASE_URL ? "no-key" : undefined),
    config: (settings) => ({ baseUrl: openAiSpeechBaseUrl(settings) }),
  },
};

function catalogueConfig(pluginId: string, saved: Record<string, unknown> | undefined): Record<string, ConfigValue> {
  const definition = PLUGIN_CATALOGUE.find((plugin) => plugin.id === pluginId);
  const config: Record<string, ConfigValue> = {};
  for (const field of definition?.fields.filter((candidate) => !candidate.secret) ?? []) {
    const value = saved?.[field.key];
    config[field.key] = typeof value === typeof field.default ? (value as ConfigValue) : field.default;
  }
  return config;
}

/**
 * The tenant's usable providers of one kind, in catalogue order: enabled plugins with a key (the tenant's, else
 * the platform's), and plugins that need none. OpenAI TTS, which the catalogue lacks, is added when the platform
 * has an OpenAI key (or its own compatible speech server). gTTS, which needs no key but Google Translate's
 * unofficial voice, counts only while it answers from this server (a check kept for minutes: gttsReachable); the
 * offline recogniser (PocketSphinx) only where it is installed.
 */
export async function tenantSpeechProviders(tenantId: string, kind: "tts" | "stt", settings: Env = env()): Promise<ProviderSettings[]> {
  const db = await getDb();
  const rows = await db
    .select({ pluginId: tenantPlugins.pluginId, enabled: tenantPlugins.enabled, config: tenantPlugins.config, secretsCiphertext: tenantPlugins.secretsCiphertext })
    .from(tenantPlugins)
    .where(eq(tenantPlugins.tenantId, tenantId));
  return speechProvidersOf(tenantId, kind, rows, settings);
}

/** tenantSpeechProviders from the tenant's plugin rows as already read (all of the tenant's, or those of the kind). */
export async function speechProvidersOf(tenantId: string, kind: "tts" | "stt", rows: readonly StoredPlugin[], settings: Env = env()): Promise<ProviderSettings[]> {
  const usable: ProviderSettings[] = [];
  for (const definition of PLUGIN_CATALOGUE.filter((plugin) => pluginKind(plugin.id) === kind)) {
    const row = rows.find((candidate) => candidate.pluginId === definition.id);
    const resolved = resolve(definition, row, tenantId);
    if (!resolved.enabled) continue;
    if (definition.id === OFFLINE_RECOGNITION_PLUGIN) {
      if (await offlineRecognitionInstalled(settings)) usable.push({ id: "pocketsphinx", config: {}, secrets: {}, keySource: "none", plugin: definition.id });
      continue;
    }
    const tenantOwn = pluginStatus(resolved) === "active" ? resolved : undefined;
    const needsKey = definition.fields.some((field) => field.secret && field.required);
    if (tenantOwn && (!needsKey || Object.keys(tenantOwn.secrets).length > 0)) {
      usable.push({ id: definition.id, config: { ...tenantOwn.config }, secrets: { ...tenantOwn.secrets }, keySource: needsKey ? "tenant" : "none" });
      continue;
    }
    const platform = PLATFORM[definition.id];
    const platformKey = platform?.key(settings);
    if (platform && platformKey) {
      usable.push({
        id: definition.id,
        config: { ...catalogueConfig(definition.id, row?.config), ...platform.config(settings) },
        secrets: { [platform.secret]: platformKey },
        keySource: "platform",
      });
    }
  }
  if (kind === "tts" && !usable.some((provider) => provider.id === "openai-tts")) {
    const key = settings.OPENAI_API_KEY ?? (settings.OPENAI_SPEECH_BASE_URL ? "no-key" : undefined);
    if (key) {
      usable.push({
        id: "openai-tts",
        config: { baseUrl: openAiSpeechBaseUrl(settings), model: settings.OPENAI_TTS_MODEL, defaultVoice: settings.OPENAI_TTS_VOICE },
        secrets: { apiKey: key },
        keySource: "platform",
      });
    }
  }
  const gtts = usable.find((provider) => provider.id === "gtts");
  const tld = typeof gtts?.config.tld === "string" && gtts.config.tld.trim() !== "" ? gtts.config.tld.trim() : "com";
  if (gtts && !(await gttsReachable({ tld, endpoint: settings.GTTS_ENDPOINT }))) {
    return usable.filter((provider) => provider !== gtts);
  }
  return usable;
}

/** The offline recogniser needs no key, but Debian's programs and model on this server (a check kept per process). */
export function offlineRecognitionInstalled(settings: Env = env()): Promise<boolean> {
  return pocketSphinxAvailable({ ffmpegPath: settings.FFMPEG_PATH, pocketsphinxPath: settings.POCKETSPHINX_PATH, timeoutMs: settings.POCKETSPHINX_TIMEOUT_MS });
}

/**
 * Refuses an address a tenant administrator typed (ElevenLabs or Whisper base URL) when it leads into a private or
 * reserved network, so plugin settings cannot make the server call its own neighbours. Loopback is allowed only
 * where FETCH_ALLOW_LOOPBACK is (tests). The check resolves the name once; a resolver that answers differently on
 * the next lookup is the residual risk (the SDKs connect by name).
 */
export async function assertTenantEndpoint(provider: string, address: string, settings: Env = env()): Promise<URL> {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw new ProviderError(provider, "failed", `${provider}: the base URL in the plugin settings is not a valid address.`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new ProviderError(provider, "failed", `${provider}: the base URL in the plugin settings must be an http or https address.`);
  }
  const host = url.hostname.replace(/^\[|\]$/g, "");
  let addresses: string[];
  try {
    addresses = isIP(host) !== 0 ? [host] : (await dns.lookup(host, { all: true })).map((entry) => entry.address);
  } catch {
    throw new ProviderError(provider, "refused", `${provider} could not be reached (ENOTFOUND).`);
  }
  for (const resolved of addresses) {
    const kind = classifyAddress(resolved);
    if (kind === "public" || (kind === "loopback" && settings.FETCH_ALLOW_LOOPBACK)) continue;
    throw new ProviderError(provider, "failed", `${provider}: the base URL in the plugin settings points to a private or reserved network.`);
  }
  return url;
}
