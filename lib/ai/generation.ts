// Slide generation behind one small interface: OpenAI (or any OpenAI-compatible server) when configured, otherwise
// the offline extractive generator, which needs no key and no network.
import { generateOfflineOutline } from "./offline-generator";
import { openAISettings, providerName, type OpenAISettings } from "./openai";
import { generateWithOpenAI } from "./openai-generator";
import type { Outline, OutlineInput } from "./outline";

export type { Outline, OutlineInput, OutlineSlide, OutlineSource } from "./outline";
export { NO_MAIN_SOURCE_MESSAGE } from "./offline-generator";

export interface GenerationProvider {
  id: "offline" | "openai";
  /** As shown to users, e.g. in an error: "Offline generator", "OpenAI", "OpenAI-compatible server". */
  name: string;
  generateOutline(input: OutlineInput): Promise<Outline>;
}

export const offlineGenerationProvider: GenerationProvider = {
  id: "offline",
  name: "Offline generator",
  // Synchronous work, but the same promise-returning shape as the network providers.
  generateOutline: async (input) => generateOfflineOutline(input),
};

export function openAIGenerationProvider(settings: OpenAISettings): GenerationProvider {
  return { id: "openai", name: providerName(settings), generateOutline: (input) => generateWithOpenAI(input, settings) };
}

/**
 * The generation provider for a tenant. The plugin catalogue (lib/services/plugins.ts) has no entry for a language
 * model, so the platform-wide environment decides for every tenant: OpenAI or a compatible server when
 * OPENAI_API_KEY or OPENAI_BASE_URL is set, the offline generator otherwise. `settings` is for tests.
 */
export async function generationProviderFor(
  _tenantId: string,
  settings: OpenAISettings | null = openAISettings(),
): Promise<GenerationProvider> {
  return settings ? openAIGenerationProvider(settings) : offlineGenerationProvider;
}

/** An outline of 4 to 20 slides from the material, by the given provider (the platform's choice by default). */
export async function generateOutline(input: OutlineInput, provider?: GenerationProvider): Promise<Outline> {
  const settings = openAISettings();
  const chosen = provider ?? (settings ? openAIGenerationProvider(settings) : offlineGenerationProvider);
  return chosen.generateOutline(input);
}
