// npm run eval:answers -- <results.json> — replays the offline answerer over the questions of an evaluation run kept
// with `npm run eval:content -- --json <results.json>`: each question's material (the slides' narration and the
// passages the index found) is answered again by lib/ai/offline-answers.ts in this process and judged as the
// evaluation judges it. A change to the answerer is measured in seconds this way; the evaluation itself stays the
// measure (the passage index and the route handlers are not replayed). See docs/evaluation.md.
//
//   --verbose             each wrong answer with the answer given and the gold sentence
//   --article <id>        only this article (repeatable)
//   --kind <md|pdf|docx>  only this source kind (repeatable)
//   --explain             with --verbose: the question's concepts and weights, and the best-ranked units
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";
import { loadWordFrequencies } from "@/lib/ai/answer-text";
import { loadWordVectors } from "@/lib/ai/word-vectors";
import { composeOfflineAnswer, explainOfflineAnswer, notCoveredReply } from "@/lib/ai/offline-answers";
import type { RowResult } from "@/eval/run";
import { answerIsRight, isRefusal, percentile } from "@/eval/metrics";

async function main(): Promise<number> {
  const { values, positionals } = parseArgs({
    options: { verbose: { type: "boolean", default: false }, explain: { type: "boolean", default: false }, kind: { type: "string", multiple: true }, article: { type: "string", multiple: true } },
    allowPositionals: true,
    strict: true,
  });
  await loadWordFrequencies();
  await loadWordVectors();
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
  const byLanguage = new Map<string, { answerable: number; right: number; unanswerable: number; refused: number }>();
  for (const row of rows) {
    if (articles.length > 0 && !articles.includes(row.article)) continue;
    if (values.kind && !values.kind.includes(row.kind)) continue;
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
      const refused = isRefusal(answer.text, notCoveredReply(question.input.language));
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
            (answerableQuestion ? `    gold: ${question.expected[0]}\n` : "") +
            (values.explain ? `${explainOfflineAnswer({ question: question.question, ...question.input })}\n` : ""),
        );
      }
    }
    const language = byLanguage.get(row.language) ?? { answerable: 0, right: 0, unanswerable: 0, refused: 0 };
    language.answerable += rowAnswerable;
    language.right += rowRight;
    language.unanswerable += rowUnanswerable;
    language.refused += rowRefusals;
    byLanguage.set(row.language, language);
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
  for (const [language, figures] of [...byLanguage].sort()) {
    console.log(`${language}: answers right ${share(figures.right, figures.answerable)}, refusals right ${share(figures.refused, figures.unanswerable)}`);
  }
  console.log(
    `\nanswers right ${right}/${answerable} (${share(right, answerable)}), refusals right ${refusedRight}/${unanswerable} ` +
      `(${share(refusedRight, unanswerable)}), answer p50 ${percentile(times, 0.5).toFixed(1)} ms, p95 ${percentile(times, 0.95).toFixed(1)} ms`,
  );
  return 0;
}

void main().then((code) => {
  process.exitCode = code;
});
