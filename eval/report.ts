// The figures of a run: one row per article and source kind, the totals with the goals beside them (PASS/FAIL), the
// findings behind each failing figure (--verbose), and the comparison with the stored baseline (--check).
import { readFileSync, writeFileSync, existsSync } from "node:fs";
import { LINT_CATEGORIES } from "./lint";
import { percentile } from "./metrics";
import type { RowResult } from "./run";

export interface RowFigures {
  covered: number;
  sections: number;
  inOrder: boolean;
  lint: number;
  answersRight: number;
  answerable: number;
  refusalsRight: number;
  unanswerable: number;
  failed: boolean;
}

export interface Totals {
  /** Covered gold sections over all gold sections, structured sources only. */
  coverage: number;
  /** Structured rows with every section covered, in order. */
  fullRows: number;
  structuredRows: number;
  lint: number;
  /** Shares, 0 to 1. */
  answersRight: number;
  refusalsRight: number;
  p50Ms: number;
  p95Ms: number;
  /** p95 of the whole response, audio included (for information). */
  p95TotalMs: number;
  failedRows: number;
}

export function rowKey(row: Pick<RowResult, "article" | "kind">): string {
  return `${row.article}/${row.kind}`;
}

export function rowFigures(row: RowResult): RowFigures {
  const answerable = row.questions.filter((question) => question.style !== "unanswerable");
  const unanswerable = row.questions.filter((question) => question.style === "unanswerable");
  return {
    covered: row.coverage.covered,
    sections: row.coverage.total,
    inOrder: row.coverage.inOrder,
    lint: row.lint.length,
    answersRight: answerable.filter((question) => question.right).length,
    answerable: answerable.length,
    refusalsRight: unanswerable.filter((question) => question.right).length,
    unanswerable: unanswerable.length,
    failed: row.error !== null,
  };
}

export function totalsOf(rows: readonly RowResult[]): Totals {
  const structured = rows.filter((row) => row.structured);
  const figures = rows.map(rowFigures);
  const structuredFigures = structured.map(rowFigures);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  const latencies = rows.flatMap((row) => row.questions.map((question) => question.firstTextMs)).filter((value) => !Number.isNaN(value));
  const totals = rows.flatMap((row) => row.questions.map((question) => question.totalMs)).filter((value) => !Number.isNaN(value));
  const ratio = (part: number, whole: number) => (whole === 0 ? 1 : part / whole);
  return {
    coverage: ratio(sum(structuredFigures.map((row) => row.covered)), sum(structuredFigures.map((row) => row.sections))),
    fullRows: structuredFigures.filter((row) => !row.failed && row.covered === row.sections && row.inOrder).length,
    structuredRows: structured.length,
    lint: sum(figures.map((row) => row.lint)),
    answersRight: ratio(sum(figures.map((row) => row.answersRight)), sum(figures.map((row) => row.answerable))),
    refusalsRight: ratio(sum(figures.map((row) => row.refusalsRight)), sum(figures.map((row) => row.unanswerable))),
    p50Ms: percentile(latencies, 0.5),
    p95Ms: percentile(latencies, 0.95),
    p95TotalMs: percentile(totals, 0.95),
    failedRows: figures.filter((row) => row.failed).length,
  };
}

export interface Goal {
  name: string;
  figure: string;
  pass: boolean;
}

export function goalsOf(totals: Totals): Goal[] {
  return [
    {
      name: "coverage 100% and in order, every structured source",
      figure: `${totals.fullRows}/${totals.structuredRows} rows (${percent(totals.coverage)} of sections)`,
      pass: totals.fullRows === totals.structuredRows,
    },
    { name: "0 lint issues", figure: String(totals.lint), pass: totals.lint === 0 },
    { name: "answers right >= 90%", figure: percent(totals.answersRight), pass: totals.answersRight >= 0.9 },
    { name: "refusals right 100%", figure: percent(totals.refusalsRight), pass: totals.refusalsRight === 1 },
    { name: "first byte of an answer < 100 ms (p95)", figure: `${ms(totals.p95Ms)}`, pass: totals.p95Ms < 100 },
  ];
}

function percent(share: number): string {
  return `${(share * 100).toFixed(1)}%`;
}

function ms(value: number): string {
  return Number.isNaN(value) ? "-" : `${value.toFixed(0)} ms`;
}

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, column) => Math.max(cell.length, ...rows.map((row) => (row[column] ?? "").length)));
  const line = (cells: string[]) => cells.map((cell, column) => (column < 2 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join("  ");
  return [line(header), widths.map((width) => "-".repeat(width)).join("  "), ...rows.map(line)].join("\n");
}

export function figuresTable(rows: readonly RowResult[]): string {
  return table(
    ["article", "kind", "slides", "sections", "order", "lint", "answers", "refusals", "p50", "p95", "audio p95"],
    rows.map((row) => {
      const figures = rowFigures(row);
      const latencies = row.questions.map((question) => question.firstTextMs);
      if (row.error) return [row.article, row.kind, "FAILED", "", "", "", "", "", "", "", ""];
      return [
        row.article,
        row.kind,
        String(row.slides.length),
        `${figures.covered}/${figures.sections}${row.structured ? "" : " parts"}`,
        figures.inOrder ? "yes" : "NO",
        String(figures.lint),
        `${figures.answersRight}/${figures.answerable}`,
        `${figures.refusalsRight}/${figures.unanswerable}`,
        ms(percentile(latencies, 0.5)),
        ms(percentile(latencies, 0.95)),
        ms(percentile(row.questions.map((question) => question.totalMs), 0.95)),
      ];
    }),
  );
}

export function lintTable(rows: readonly RowResult[]): string {
  const counted = rows.filter((row) => !row.error);
  const total = LINT_CATEGORIES.map((category) => counted.reduce((sum, row) => sum + row.lint.filter((finding) => finding.category === category).length, 0));
  return table(
    ["article", "kind", ...LINT_CATEGORIES],
    [
      ...counted.map((row) => [row.article, row.kind, ...LINT_CATEGORIES.map((category) => String(row.lint.filter((finding) => finding.category === category).length))]),
      ["total", "", ...total.map(String)],
    ],
  );
}

export function totalsText(totals: Totals, goals: Goal[]): string {
  const lines = [
    `totals: sections covered ${percent(totals.coverage)} (structured sources), ${totals.fullRows}/${totals.structuredRows} rows complete and in order, ` +
      `${totals.lint} lint issues, answers right ${percent(totals.answersRight)}, refusals right ${percent(totals.refusalsRight)}, ` +
      `first text p50 ${ms(totals.p50Ms)} / p95 ${ms(totals.p95Ms)} (whole response p95 ${ms(totals.p95TotalMs)})` +
      (totals.failedRows > 0 ? `, ${totals.failedRows} decks FAILED` : ""),
    "goals:",
    ...goals.map((goal) => `  ${goal.pass ? "PASS" : "FAIL"}  ${goal.name.padEnd(52)} ${goal.figure}`),
  ];
  return lines.join("\n");
}

/** The totals of each language's rows, when the run holds more than one language. */
export function languagesText(rows: readonly RowResult[]): string {
  const languages = [...new Set(rows.map((row) => row.language))];
  if (languages.length < 2) return "";
  const lines = ["by language:"];
  for (const language of languages) {
    const totals = totalsOf(rows.filter((row) => row.language === language));
    lines.push(
      `  ${language}: ${totals.fullRows}/${totals.structuredRows} rows complete and in order, ${totals.lint} lint issues, ` +
        `answers right ${percent(totals.answersRight)}, refusals right ${percent(totals.refusalsRight)}` +
        (totals.failedRows > 0 ? `, ${totals.failedRows} decks FAILED` : ""),
    );
  }
  return lines.join("\n");
}

/** What the people changing the generator and the answerer read: every failing figure with its evidence. */
export function verboseText(rows: readonly RowResult[]): string {
  const out: string[] = [];
  for (const row of rows) {
    out.push("", `=== ${rowKey(row)}`);
    if (row.error) {
      out.push(`  deck FAILED: ${row.error}`);
      continue;
    }
    out.push(`  slides: ${row.slides.map((slide) => `${slide.number}. ${slide.title}`).join(" | ")}`);
    for (const entry of row.coverage.slidesOf) {
      if (entry.slides.length === 0) out.push(`  not covered: "${entry.section}"`);
    }
    if (!row.coverage.inOrder) {
      out.push(`  out of order: ${row.coverage.slidesOf.filter((entry) => entry.slides.length > 0).map((entry) => `"${entry.section}" at slide ${entry.slides[0]}`).join(", ")}`);
    }
    for (const finding of row.lint) out.push(`  lint ${finding.category} (slide ${finding.slide}): ${finding.why}\n      "${finding.text}"`);
    for (const question of row.questions) {
      if (question.right) continue;
      out.push(`  WRONG [${question.style}] ${question.question}`, `      answer:   ${question.answer}`, `      expected: ${question.expected.join("  OR  ")}`);
    }
  }
  return out.join("\n");
}

// ---- baseline ----

export interface BaselineRun {
  totals: Totals;
  rows: Record<string, RowFigures>;
}

export interface Baseline {
  date: string;
  runs: Partial<Record<"full" | "subset", BaselineRun>>;
}

export function readBaseline(file: string): Baseline | null {
  if (!existsSync(file)) return null;
  return JSON.parse(readFileSync(file, "utf8")) as Baseline;
}

export function writeBaseline(file: string, mode: "full" | "subset", rows: readonly RowResult[], date: string): void {
  const baseline = readBaseline(file) ?? { date, runs: {} };
  baseline.date = date;
  baseline.runs[mode] = { totals: totalsOf(rows), rows: Object.fromEntries(rows.map((row) => [rowKey(row), rowFigures(row)])) };
  writeFileSync(file, `${JSON.stringify(baseline, null, 2)}\n`);
}

/**
 * Figures worse than the baseline's, as sentences; empty when none is. Only the deterministic figures count: latency
 * depends on what else the machine is doing, so it is printed, never compared (a check must not fail on a busy CI).
 */
export function regressions(run: BaselineRun, rows: readonly RowResult[], compareTotals: boolean): string[] {
  const worse: string[] = [];
  for (const row of rows) {
    const before = run.rows[rowKey(row)];
    if (!before) continue;
    const now = rowFigures(row);
    const key = rowKey(row);
    if (now.failed && !before.failed) worse.push(`${key}: the deck could not be made (${row.error})`);
    if (now.covered < before.covered) worse.push(`${key}: sections covered ${now.covered}/${now.sections}, baseline ${before.covered}`);
    if (!now.inOrder && before.inOrder) worse.push(`${key}: sections out of order, baseline in order`);
    if (now.lint > before.lint) worse.push(`${key}: ${now.lint} lint issues, baseline ${before.lint}`);
    if (now.answersRight < before.answersRight) worse.push(`${key}: answers right ${now.answersRight}, baseline ${before.answersRight}`);
    if (now.refusalsRight < before.refusalsRight) worse.push(`${key}: refusals right ${now.refusalsRight}, baseline ${before.refusalsRight}`);
  }
  if (compareTotals) {
    const now = totalsOf(rows);
    const before = run.totals;
    if (now.coverage < before.coverage) worse.push(`totals: sections covered ${percent(now.coverage)}, baseline ${percent(before.coverage)}`);
    if (now.lint > before.lint) worse.push(`totals: ${now.lint} lint issues, baseline ${before.lint}`);
    if (now.answersRight < before.answersRight) worse.push(`totals: answers right ${percent(now.answersRight)}, baseline ${percent(before.answersRight)}`);
    if (now.refusalsRight < before.refusalsRight) worse.push(`totals: refusals right ${percent(now.refusalsRight)}, baseline ${percent(before.refusalsRight)}`);
  }
  return worse;
}
