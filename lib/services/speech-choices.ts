// The speech providers a tenant can use, as the choices the browser offers for its stored preferences (spec section
// 3, "Stored preferences"): a value as the preference is stored and sent, and the provider's name. Only ids and
// names leave the server, never a provider's settings or keys.
import type { Actor } from "@/lib/auth/actor";
import { tenantSpeechProviders } from "@/lib/speech/plugin-settings";
import { ttsPreferenceName } from "@/lib/speech/types";
import { PLUGIN_CATALOGUE } from "./plugins";

export interface SpeechChoice {
  /** The preference as stored and sent: the spec's spelling where it has one (azure, elevenlabs, google-cloud, gtts). */
  value: string;
  label: string;
}

export type SpeechKind = "tts" | "stt";

/** The stored preference for a provider id ('azure-tts' -> 'azure'; speech-to-text ids stay as they are). */
export const preferenceName = ttsPreferenceName;

function providerLabel(providerId: string): string {
  return PLUGIN_CATALOGUE.find((plugin) => plugin.id === providerId)?.name ?? providerId;
}

/**
 * The actor's tenant's usable providers of one kind, in the order the server falls back through them (catalogue
 * order; the offline recogniser last, where installed and not switched off). Any member may know which voices and recognisers exist: the pages
 * that offer them check their own permissions.
 */
export async function speechChoices(actor: Actor, kind: SpeechKind): Promise<SpeechChoice[]> {
  const usable = await tenantSpeechProviders(actor.tenantId, kind);
  return usable.map((provider) => ({ value: preferenceName(provider.id), label: providerLabel(provider.plugin ?? provider.id) }));
}
