// npm run eval:answers -- <results.json> — replays the offline answerer over the questions of an evaluation run kept
// with `npm run eval:content -- --json <results.json>`: each question's material (the slides' narration and the
// passages the index found) is answered again by lib/ai/offline-answers.ts in this process and judged as the
// evaluation judges it. A change to the answerer is measured in seconds this way; the evaluation itself stays the
// measure (the passage index and the route handlers are not replayed). See docs/evaluation.md.
//
//   --verbose             each wrong answer with the answer given and the gold sentence
//   --article <id>        only this article (repeatable)
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadWordFrequencies } from "@/lib/ai/answer-text";
import { composeOfflineAnswer, NOT_COVERED_REPLY } from "@/lib/ai/offline-answers";
import type { RowResult } from "@/eval/run";
import { answerIsRight, isRefusal, percentile } from "@/eval/metrics";

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { verbose: { type: "boolean", default: false }, article: { type: "string", multiple: true } },
    allowPositionals: true,
    strict: true,
  });
  await loadWordFrequencies();
  const file = positionals[0];
  if (!file) throw new Error("usage: npm run eval:answers -- <results.json from eval:content --json> [--verbose] [--article id]");
  const { rows } = JSON.parse(readFileSync(file, "utf8")) as { rows: RowResult[] };
  const articles = values.article ?? [];
  let answerable = 0;
  let right = 0;
  let unanswerable = 0;
  let refusedRight = 0;
  const times: number[] = [];
  const byStyle = new Map<string, { asked: number; right: number }>();
  for (const row of rows) {
    if (articles.length > 0 && !articles.includes(row.article)) continue;
    let rowRight = 0;
    let rowAnswerable = 0;
    let rowRefusals = 0;
    let rowUnanswerable = 0;
    const wrong: string[] = [];
    for (const question of row.questions) {
      if (!question.input) throw new Error(`${row.article}/${row.kind}: no material kept; run eval:content with --json again`);
      const started = performance.now();
      const answer = composeOfflineAnswer({ question: question.question, ...question.input });
      times.push(performance.now() - started);
      const refused = isRefusal(answer.text, NOT_COVERED_REPLY);
      const answerableQuestion = question.style !== "unanswerable";
      const ok = answerableQuestion ? !refused && answerIsRight(answer.text, question.expected, question.style) : refused;
      const style = byStyle.get(question.style) ?? { asked: 0, right: 0 };
      style.asked += 1;
      if (ok) style.right += 1;
      byStyle.set(question.style, style);
      if (answerableQuestion) {
        rowAnswerable += 1;
        if (ok) rowRight += 1;
      } else {
        rowUnanswerable += 1;
        if (ok) rowRefusals += 1;
      }
      if (!ok) {
        wrong.push(
          `  [${question.style}] ${question.question}\n    gave: ${answer.text}\n` +
            (answerableQuestion ? `    gold: ${question.expected[0]}\n` : ""),
        );
      }
    }
    answerable += rowAnswerable;
    right += rowRight;
    unanswerable += rowUnanswerable;
    refusedRight += rowRefusals;
    console.log(`${row.article}/${row.kind}: answers ${rowRight}/${rowAnswerable}, refusals ${rowRefusals}/${rowUnanswerable}`);
    if (values.verbose && wrong.length > 0) console.log(wrong.join(""));
  }
  const share = (part: number, whole: number) => (whole === 0 ? "-" : `${((100 * part) / whole).toFixed(1)}%`);
  console.log("");
  for (const [style, figures] of [...byStyle].sort()) console.log(`${style}: ${figures.right}/${figures.asked} (${share(figures.right, figures.asked)})`);
  console.log(
    `\nanswers right ${right}/${answerable} (${share(right, answerable)}), refusals right ${refusedRight}/${unanswerable} ` +
      `(${share(refusedRight, unanswerable)}), answer p95 ${percentile(times, 0.95).toFixed(1)} ms`,
  );
  return 0;
}

void main().then((code) => {
  process.exitCode = code;
});
