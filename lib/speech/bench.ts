// The offline voice's speed for `npm run bench:providers`: seconds of audio made per second of compute on a
// 3,000-word text (eSpeak NG synthesis plus MP3 encoding, the whole path a narration takes). Goal: at least 10x.
import { wordCount } from "@/lib/ai/text";
import { loadEspeak, espeakTts } from "./providers/espeak";

export interface TtsBenchmark {
  audioSeconds: number;
  computeSeconds: number;
  /** Seconds of audio per second of compute. */
  realTimeFactor: number;
}

const TARGET_WORDS = 3_000;

/** Varied prose (questions, lists, numbers, long and short sentences) repeated to the target length. */
const PARAGRAPHS = [
  "A good presentation starts with a question the audience already cares about. Why do some talks stay with us for years, while others are forgotten before the coffee break?",
  "The answer is rarely the slides themselves. It is the story that connects them, the pauses that let an idea land, and the examples that make an abstract point concrete.",
  "Consider a team that ships software every week. In 2019 it measured its release time at 14 days; by 2023, after automating tests, reviews and deployment, it was down to 36 hours.",
  "Numbers like these persuade, but only when the listener can picture them. Fourteen days is two sprints of waiting; thirty-six hours is a Tuesday morning to a Wednesday evening.",
  "Start with the problem, then the evidence, then what you want people to do. Keep each slide to one idea, and let the narration carry the detail that would crowd the screen.",
  "Short sentences help. So do lists: first, state the claim; second, show the data; third, explain what it means for the people in the room.",
  "What about questions from the audience? Treat them as a gift. A question shows exactly where the explanation was too quick, and answering it well often teaches more than the talk itself.",
  "Finally, end on purpose. Summarise the three points you most want remembered, thank the audience for their time, and tell them where to find the material afterwards.",
];

export function benchmarkText(targetWords = TARGET_WORDS): string {
  const paragraphs: string[] = [];
  let words = 0;
  for (let round = 1; words < targetWords; round += 1) {
    for (const paragraph of PARAGRAPHS) {
      if (words >= targetWords) break;
      const text = round === 1 ? paragraph : `Part ${round}. ${paragraph}`;
      paragraphs.push(text);
      words += wordCount(text);
    }
  }
  return paragraphs.join("\n\n");
}

/**
 * Speaks a 3,000-word text with the offline voice and times it, once the engine is loaded (loading, about half a
 * second once per process, is left out). `input.text`, when given with at least 2,000 words, is spoken instead (the
 * provider benchmark passes its fixture article).
 */
export async function benchmarkOfflineTts(input: { text?: string } = {}): Promise<TtsBenchmark> {
  const text = input.text && wordCount(input.text) >= 2_000 ? input.text : benchmarkText();
  await loadEspeak();
  const tts = espeakTts();
  await tts.synthesize("Warming up the voice.");
  const started = performance.now();
  const speech = await tts.synthesize(text);
  const computeSeconds = (performance.now() - started) / 1000;
  const audioSeconds = speech.durationMs / 1000;
  return {
    audioSeconds: Math.round(audioSeconds * 10) / 10,
    computeSeconds: Math.round(computeSeconds * 100) / 100,
    realTimeFactor: Math.round((audioSeconds / computeSeconds) * 10) / 10,
  };
}
