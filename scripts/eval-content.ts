// npm run eval:content — the content-quality evaluation: every corpus article (eval/corpus) given to the app as
// pasted Markdown, a PDF and a DOCX; the offline deck made from each; the article's questions asked of each deck.
// Prints one row per article and source kind, the lint findings by kind, the totals with the goals (PASS/FAIL).
// Runs on a fresh PostgreSQL database beside DATABASE_URL's (dropped afterwards), else an in-memory PGlite, and a
// temporary data folder. See docs/evaluation.md.
//
//   --subset              the small fixed set CI runs (articles marked "subset" in their gold.json)
//   --article <id>[,<id>] only these articles (repeatable)
//   --kind md|pdf|docx    only this source kind (repeatable)
//   --json <file>         every result (slides, findings, answers, each question's material for scripts/eval-answers.ts) as JSON
//   --verbose             each uncovered section, lint finding with its text, and wrong answer with the answer given
//   --check               exit 1 when a figure is worse than eval/baseline.json's
//   --write-baseline      store this run's figures as the baseline (a whole run or the subset)
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { createTestDatabase } from "@/tests/support/database";

const BASELINE_FILE = path.resolve("eval/baseline.json");
const KINDS = ["md", "pdf", "docx"] as const;
type Kind = (typeof KINDS)[number];

function options() {
  const { values } = parseArgs({
    options: {
      subset: { type: "boolean", default: false },
      article: { type: "string", multiple: true },
      kind: { type: "string", multiple: true },
      json: { type: "string" },
      verbose: { type: "boolean", default: false },
      check: { type: "boolean", default: false },
      "write-baseline": { type: "boolean", default: false },
    },
    strict: true,
  });
  const articles = (values.article ?? []).flatMap((value) => value.split(",")).map((value) => value.trim()).filter(Boolean);
  const kinds = (values.kind ?? []).flatMap((value) => value.split(",")).map((value) => value.trim());
  for (const kind of kinds) if (!(KINDS as readonly string[]).includes(kind)) throw new Error(`--kind must be md, pdf or docx, not "${kind}"`);
  const filtered = articles.length > 0 || kinds.length > 0;
  if (values["write-baseline"] && filtered) throw new Error("--write-baseline stores a whole run or the subset: leave out --article and --kind");
  return { ...values, articles, kinds: kinds as Kind[], filtered };
}

async function main(): Promise<number> {
  const chosen = options();
  const started = performance.now();
  const { loadCorpus, CORPUS_DIR, OTHER_CORPUS } = await import("@/eval/corpus");
  if (OTHER_CORPUS && (chosen.check || chosen["write-baseline"])) throw new Error("--check and --write-baseline compare eval/corpus's figures: leave them out with EVAL_CORPUS_DIR");
  const corpus = loadCorpus();
  for (const id of chosen.articles) if (!corpus.some((article) => article.id === id)) throw new Error(`no article "${id}" in ${path.relative(process.cwd(), CORPUS_DIR) || "."}`);
  const articles = corpus.filter(
    (article) => (chosen.articles.length === 0 || chosen.articles.includes(article.id)) && (!chosen.subset || article.gold.subset),
  );
  const kinds = chosen.kinds.length > 0 ? chosen.kinds : [...KINDS];

  const database = await createTestDatabase("eval");
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "eval-content-"));
  // Before any app module reads its configuration. The 'md' kind's main sources are pages served on loopback.
  Object.assign(process.env, database.env, {
    DATA_DIR: dataDir,
    APP_URL: "http://eval.test",
    LOG_LEVEL: process.env.LOG_LEVEL ?? "error",
    FETCH_ALLOW_LOOPBACK: "true",
    SUPER_ADMIN_EMAIL: "evaluator@eval.test",
    SUPER_ADMIN_PASSWORD: "evaluation-password-1",
  });
  const app = await import("@/eval/app");
  const { evaluate } = await import("@/eval/run");
  const report = await import("@/eval/report");
  const rows = [];
  try {
    await app.openApp(Number(process.env.EVAL_PORT ?? 0)); // any free port unless EVAL_PORT says
    for (const article of articles) {
      for (const kind of kinds) {
        const row = await evaluate(article, kind, Boolean(chosen.json));
        rows.push(row);
        const figures = report.rowFigures(row);
        console.error(
          row.error
            ? `${report.rowKey(row)}: FAILED ${row.error}`
            : `${report.rowKey(row)}: ${row.slides.length} slides, sections ${figures.covered}/${figures.sections}, lint ${figures.lint}, answers ${figures.answersRight}/${figures.answerable}, refusals ${figures.refusalsRight}/${figures.unanswerable}`,
        );
      }
    }
  } finally {
    await app.closeApp();
    await database.drop();
    rmSync(dataDir, { recursive: true, force: true });
  }

  const totals = report.totalsOf(rows);
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log("");
  console.log(`Content evaluation, offline generator and answerer, ${database.describe.replace(/ \S+_\S+$/, "")}, ${os.cpus().length} CPUs, ${articles.length} articles x ${kinds.length} kinds${chosen.subset ? " (subset)" : ""}, ${seconds} s`);
  console.log("");
  console.log(report.figuresTable(rows));
  console.log("");
  console.log("lint findings by kind:");
  console.log(report.lintTable(rows));
  console.log("");
  console.log(report.totalsText(totals, report.goalsOf(totals)));
  const byLanguage = report.languagesText(rows);
  if (byLanguage) console.log(byLanguage);
  if (chosen.verbose) console.log(report.verboseText(rows));
  if (chosen.json) writeFileSync(chosen.json, `${JSON.stringify({ date: new Date().toISOString(), totals, rows }, null, 2)}\n`);

  const mode = chosen.subset ? "subset" : "full";
  if (chosen["write-baseline"]) {
    report.writeBaseline(BASELINE_FILE, mode, rows, new Date().toISOString().slice(0, 10));
    console.log(`\nbaseline of the ${mode} run written to ${path.relative(process.cwd(), BASELINE_FILE)}`);
  }
  if (chosen.check) {
    const baseline = report.readBaseline(BASELINE_FILE)?.runs[mode];
    if (!baseline) {
      console.log(`\ncheck: no ${mode} baseline in ${path.relative(process.cwd(), BASELINE_FILE)} (write one with --write-baseline)`);
      return 1;
    }
    const worse = report.regressions(baseline, rows, !chosen.filtered);
    console.log(worse.length === 0 ? `\ncheck: no figure worse than the ${mode} baseline` : `\ncheck: worse than the ${mode} baseline:\n  ${worse.join("\n  ")}`);
    return worse.length === 0 ? 0 : 1;
  }
  return 0;
}

main()
  .then((code) => {
    process.exitCode = code;
  })
  .catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
