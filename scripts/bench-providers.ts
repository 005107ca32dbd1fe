// npm run bench:providers — the offline providers on a 3,000-word article (tests/fixtures/articles): slide
// generation time, answer latency (median and p95 over 50 questions) and, from lib/speech/bench.ts, the offline
// voice's real-time factor. Goals on the project's 2-core machine: generation under 2 s, answers under 200 ms,
// TTS at least 10x real time.
import { existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { answerText, offlineAnswerProvider } from "@/lib/ai/answers";
import { offlineGenerationProvider, type Outline } from "@/lib/ai/generation";
import { wordCount } from "@/lib/ai/text";
import { loadArticle } from "@/tests/fixtures/articles";

const GENERATION_GOAL_MS = 2_000;
const ANSWER_GOAL_MS = 200;
const WARM_RUNS = 5;

function percentile(sorted: readonly number[], share: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil(share * sorted.length) - 1));
  return sorted[index]!;
}

function ms(value: number): string {
  return `${value.toFixed(1)} ms`;
}

function verdict(value: number, goal: number): string {
  return value < goal ? `goal < ${goal} ms: met` : `goal < ${goal} ms: MISSED`;
}

/** 50 viewer questions: ones the article answers, ones about each slide, and ones it does not cover. */
function questionsFor(outline: Outline): string[] {
  const answered = [
    "How do I know when my compost is ready?",
    "Can I put meat in the compost bin?",
    "How moist should a compost heap be?",
    "What temperature does a hot pile reach?",
    "How often should I turn the pile?",
    "What size kitchen caddy do I need?",
    "Is lime good for compost?",
    "Where should I put my compost bin?",
    "What are greens and browns?",
    "How do I stop rats getting into the bin?",
    "What is a wormery?",
    "How does bokashi work?",
    "What can I do with autumn leaves?",
    "Why does my compost smell of ammonia?",
    "How thick should a compost mulch be?",
    "Can I compost diseased plants?",
    "What should I do with the compost bin in winter?",
    "Do I need a compost activator?",
    "How big should the pile be?",
    "What goes at the bottom of a new pile?",
  ];
  const unrelated = [
    "What is the capital of France?",
    "How do I change a car tyre?",
    "Who wrote Hamlet?",
    "What is the exchange rate of the euro?",
    "How do I install Python on Windows?",
    "Who won the football World Cup in 2018?",
    "What is the boiling point of mercury?",
    "How do I make pancakes?",
    "What causes earthquakes?",
    "Which composer wrote the Moonlight Sonata?",
  ];
  const aboutSlides = outline.slides.map((slide) => `Can you tell me more about ${slide.title.replace(/[?.!]+$/, "").toLowerCase()}?`);
  const questions = [...answered, ...aboutSlides, ...unrelated];
  for (let index = 0; questions.length < 50; index += 1) questions.push(`What is this slide about? (${index + 1})`);
  return questions.slice(0, 50);
}

async function speechSection(text: string, scripts: string[]): Promise<string[]> {
  // ---- TTS section: provided by lib/speech/bench.ts (the speech provider's own benchmark) when it exists. ----
  // Contract: export async function benchmarkOfflineTts(input: { text: string; scripts: string[] }) returning the
  // lines to print (string[]), one line (string), or figures ({ name: value }).
  const file = path.join(process.cwd(), "lib/speech/bench.ts");
  if (!existsSync(file)) return ["TTS: not available"];
  const speech = (await import(pathToFileURL(file).href)) as { benchmarkOfflineTts?: (input: { text: string; scripts: string[] }) => Promise<unknown> };
  if (typeof speech.benchmarkOfflineTts !== "function") return ["TTS: not available (lib/speech/bench.ts has no benchmarkOfflineTts)"];
  const result = await speech.benchmarkOfflineTts({ text, scripts });
  if (Array.isArray(result)) return result.map(String);
  if (typeof result === "string") return [result];
  if (result && typeof result === "object") return Object.entries(result).map(([name, value]) => `${name}: ${String(value)}`);
  return ["TTS: finished without figures"];
}

async function main(): Promise<void> {
  const article = loadArticle("home-composting-guide");
  const input = {
    sources: [{ name: "home-composting-guide.pdf", kind: "main_document", text: article.text, isMain: true }],
    useMainSourceOnly: true,
    template: "professional",
  };
  console.log(`Provider benchmark: Node ${process.version}, ${os.cpus().length} CPUs (${os.cpus()[0]?.model.trim() ?? "unknown"})`);
  console.log(`Article: "${article.title}", ${wordCount(article.text).toLocaleString("en")} words, ${article.headings.length} headings`);
  console.log("");

  let started = performance.now();
  const outline = await offlineGenerationProvider.generateOutline(input);
  const first = performance.now() - started;
  const warm: number[] = [];
  for (let run = 0; run < WARM_RUNS; run += 1) {
    started = performance.now();
    await offlineGenerationProvider.generateOutline(input);
    warm.push(performance.now() - started);
  }
  warm.sort((a, b) => a - b);
  const scriptWords = outline.slides.reduce((total, slide) => total + wordCount(slide.script), 0);
  console.log(`Slide generation (offline): ${outline.slides.length} slides, ${scriptWords.toLocaleString("en")} words of narration`);
  console.log(`  first run ${ms(first)}, median of ${WARM_RUNS} further runs ${ms(percentile(warm, 0.5))} (${verdict(Math.max(first, percentile(warm, 0.5)), GENERATION_GOAL_MS)})`);

  const slides = outline.slides.map((slide, index) => ({ number: index + 1, title: slide.title, script: slide.script }));
  const sources = [{ name: "home-composting-guide.pdf", text: article.text }];
  const questions = questionsFor(outline);
  const latencies: number[] = [];
  let covered = 0;
  for (const [index, question] of questions.entries()) {
    started = performance.now();
    const answer = await offlineAnswerProvider.answer({ question, currentSlide: (index % slides.length) + 1, slides, sources });
    await answerText(answer);
    latencies.push(performance.now() - started);
    if (answer.covered) covered += 1;
  }
  const sorted = [...latencies].sort((a, b) => a - b);
  console.log(`Answers (offline): ${questions.length} questions, ${covered} answered, ${questions.length - covered} not covered`);
  console.log(`  median ${ms(percentile(sorted, 0.5))}, p95 ${ms(percentile(sorted, 0.95))}, max ${ms(sorted.at(-1)!)} (${verdict(percentile(sorted, 0.95), ANSWER_GOAL_MS)})`);
  console.log("");

  for (const line of await speechSection(article.text, outline.slides.map((slide) => slide.script))) console.log(line);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
