// Slide generation through OpenAI or a compatible server: structured output (json_schema from a zod schema), the
// reply checked against the outline rules, and up to three attempts when the model's reply is malformed.
import { deckLanguageFor, languageName } from "@/lib/content/languages";
import { zodResponseFormat } from "openai/helpers/zod";
import type { ChatCompletionMessageParam } from "openai/resources/chat/completions";
import { z } from "zod";
import { BadRequest } from "@/lib/errors";
import { ProviderError } from "./errors";
import { NO_MAIN_SOURCE_MESSAGE } from "./offline-generator";
import { openAIClient, providerName, withRetries, type OpenAISettings } from "./openai";
import {
  MAX_BULLETS,
  MAX_SCRIPT_WORDS,
  MAX_SLIDES,
  MIN_BULLETS,
  MIN_SCRIPT_WORDS,
  MIN_SLIDES,
  outlineSchema,
  slideCountFor,
  type Outline,
  type OutlineInput,
  type OutlineSource,
} from "./outline";
import { splitSentences, wordCount } from "./text";

/** Attempts at a well-formed outline before giving up. */
export const OUTLINE_ATTEMPTS = 3;
/** Most source text sent, in characters (about 15,000 tokens); the main source gets the larger share. */
const MAX_SOURCE_CHARACTERS = 60_000;

/** What the model is asked to return. Strict structured output needs every field present, so imagePrompt is nullable. */
const wireOutline = z.object({
  slides: z.array(
    z.object({
      title: z.string(),
      bullets: z.array(z.string()),
      script: z.string(),
      imagePrompt: z.string().nullable(),
    }),
  ),
});

export const outlineResponseFormat = zodResponseFormat(wireOutline, "presentation_outline");

function clip(text: string, limit: number): string {
  if (text.length <= limit) return text;
  const cut = text.slice(0, limit);
  const paragraph = cut.lastIndexOf("\n\n");
  return `${paragraph > limit * 0.8 ? cut.slice(0, paragraph) : cut}\n[…]`;
}

function sourcesText(main: OutlineSource, supporting: OutlineSource[]): string {
  const mainShare = supporting.length > 0 ? Math.round(MAX_SOURCE_CHARACTERS * 0.7) : MAX_SOURCE_CHARACTERS;
  const parts = [`MAIN SOURCE (${main.name}):\n${clip(main.text.trim(), mainShare)}`];
  const each = supporting.length > 0 ? Math.floor((MAX_SOURCE_CHARACTERS - mainShare) / supporting.length) : 0;
  for (const source of supporting) parts.push(`SUPPORTING SOURCE (${source.name}):\n${clip(source.text.trim(), each)}`);
  return parts.join("\n\n---\n\n");
}

/**
 * Words of a source, counted without building the list of them: the material may hold millions of characters (up to
 * PRESENTATION_LIMITS.sourceCharacters) though only MAX_SOURCE_CHARACTERS of it are sent.
 */
function countWords(text: string): number {
  const word = /[\p{L}\p{N}]+(?:['’][\p{L}]+)*/gu;
  let count = 0;
  while (word.exec(text) !== null) count += 1;
  return count;
}

export function outlineMessages(input: OutlineInput): ChatCompletionMessageParam[] {
  const withText = input.sources.filter((source) => source.text.trim());
  const main = withText.find((source) => source.isMain);
  if (!main) throw new BadRequest(NO_MAIN_SOURCE_MESSAGE);
  const supporting = input.useMainSourceOnly ? [] : withText.filter((source) => source !== main);
  const words = [main, ...supporting].reduce((total, source) => total + countWords(source.text), 0);
  const count = input.targetSlides !== undefined ? `exactly ${slideCountFor(words, input.targetSlides)}` : `about ${slideCountFor(words)}`;
  const system = [
    "You turn written source material into a narrated slide presentation. Reply with JSON only, following the schema.",
    `Make ${count} slides (never fewer than ${MIN_SLIDES} or more than ${MAX_SLIDES}). The first slide introduces the topic; the last one closes with the key takeaways. In between, follow the main source's own sections and headings where it has them.`,
    `Every slide has: a short title (at most 10 words); ${MIN_BULLETS} to ${MAX_BULLETS} bullets of on-screen text, each a short phrase of at most 12 words; a narration script of ${MIN_SCRIPT_WORDS} to ${MAX_SCRIPT_WORDS} words (aim for about 100) in natural spoken prose with full sentences, which explains the slide's point in the speaker's words instead of reading the bullets out; and an imagePrompt describing one illustration for the slide (no text in the image), or null.`,
    `Use only facts found in the sources; do not invent figures, names or quotes. ${input.language ? `Write every title, bullet and script in ${languageName(deckLanguageFor(input.language))}.` : "Write in the language of the main source."}`,
    input.useMainSourceOnly ? "Use only the main source." : "The main source leads; supporting sources may add detail.",
  ].join("\n");
  const user = [
    `Template: ${input.template}`,
    ...(input.instructions?.trim() ? [`Instructions from the author (follow them unless they contradict the rules above): ${input.instructions.trim()}`] : []),
    "",
    sourcesText(main, supporting),
  ].join("\n");
  return [
    { role: "system", content: system },
    { role: "user", content: user },
  ];
}

/** Cuts a script that is too long at the last sentence that keeps it within the limit. */
function trimScript(script: string): string {
  if (wordCount(script) <= MAX_SCRIPT_WORDS) return script;
  const kept: string[] = [];
  for (const sentence of splitSentences(script)) {
    if (wordCount([...kept, sentence].join(" ")) > MAX_SCRIPT_WORDS) break;
    kept.push(sentence);
  }
  const trimmed = kept.join(" ");
  return wordCount(trimmed) >= MIN_SCRIPT_WORDS ? trimmed : script;
}

/** Parses and checks a reply; returns the outline or the problems to send back to the model. */
export function parseOutlineReply(content: string): { outline: Outline } | { problems: string } {
  let raw: unknown;
  try {
    raw = JSON.parse(content);
  } catch {
    return { problems: "the reply is not valid JSON" };
  }
  const wire = wireOutline.safeParse(raw);
  if (!wire.success) return { problems: describe(wire.error) };
  const normalised = {
    slides: wire.data.slides.map((slide) => ({
      title: slide.title.trim(),
      bullets: slide.bullets
        .map((bullet) => bullet.replace(/^\s*(?:[-*•]|\d+[.)])\s+/, "").trim())
        .filter(Boolean)
        .slice(0, MAX_BULLETS),
      script: trimScript(slide.script.replace(/\s+/g, " ").trim()),
      ...(slide.imagePrompt?.trim() ? { imagePrompt: slide.imagePrompt.trim() } : {}),
    })),
  };
  const checked = outlineSchema.safeParse(normalised);
  if (!checked.success) return { problems: describe(checked.error) };
  return { outline: checked.data };
}

function describe(error: z.ZodError): string {
  return error.issues
    .slice(0, 8)
    .map((issue) => {
      const path = issue.path.map((part) => (typeof part === "number" ? `[${part}]` : `.${String(part)}`)).join("").replace(/^\./, "");
      return `${path || "reply"}: ${issue.message}`;
    })
    .join("; ");
}

export async function generateWithOpenAI(input: OutlineInput, settings: OpenAISettings): Promise<Outline> {
  const client = openAIClient(settings);
  const name = providerName(settings);
  const messages = outlineMessages(input);
  let problems = "";
  for (let attempt = 1; attempt <= OUTLINE_ATTEMPTS; attempt += 1) {
    const completion = await withRetries(settings, settings.timeoutMs, "generate outline", (signal) =>
      client.chat.completions.create({ model: settings.model, messages, response_format: outlineResponseFormat }, { signal }),
    );
    const choice = completion.choices[0];
    const message = choice?.message;
    if (message?.refusal) throw new ProviderError(name, "failed", `${name} declined to write the outline.`);
    const content = message?.content ?? "";
    const result =
      choice?.finish_reason === "length" ? { problems: "the reply was cut off before it ended (too long)" } : parseOutlineReply(content);
    if ("outline" in result) return result.outline;
    problems = result.problems;
    // The model sees what was wrong with its reply and tries again.
    messages.push(
      { role: "assistant", content: content.slice(0, 20_000) },
      { role: "user", content: `That reply cannot be used: ${problems}. Reply again with the complete outline as JSON that follows every rule.` },
    );
  }
  throw new ProviderError(name, "malformed", `${name} returned an unusable outline ${OUTLINE_ATTEMPTS} times (${problems}).`);
}
