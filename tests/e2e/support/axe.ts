// Accessibility checks with axe-core: a page (or a part of it) must have no serious or critical violation of the
// WCAG 2.0, 2.1 and 2.2 A and AA rules. Every page the end-to-end suite visits is checked at a natural point (its
// page object's "loaded" helper, or where a spec opens a dialog), signed in and out, wide and phone.
import { appendFileSync } from "node:fs";
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page } from "@playwright/test";

const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22a", "wcag22aa"];
const BLOCKING = new Set(["serious", "critical"]);

export type AxeOptions = {
  /** Only this part of the page (a CSS selector), e.g. an open dialog. */
  include?: string;
  /** Parts left out (CSS selectors), e.g. a part another check covers. */
  exclude?: string[];
  /**
   * Check again even when this label was checked before at this width class (wide or phone) in this test run. By
   * default a page state is checked once per run: page objects call this in their "loaded" helpers, which run often.
   */
  always?: boolean;
};

const checked = new Set<string>();

/** The serious and critical violations axe finds on the page as it is now, one line per element. */
export async function accessibilityViolations(page: Page, { include, exclude = [] }: AxeOptions = {}): Promise<string[]> {
  // Only violations are read: passes and the rest are summarised by axe (one node each), which keeps the call short.
  let builder = new AxeBuilder({ page }).withTags(TAGS).options({ resultTypes: ["violations"] });
  if (include) builder = builder.include(include);
  for (const selector of exclude) builder = builder.exclude(selector);
  const results = await builder.analyze();
  return results.violations
    .filter((violation) => BLOCKING.has(violation.impact ?? ""))
    .flatMap((violation) =>
      violation.nodes.map((node) => {
        const html = node.html.replace(/\s+/g, " ").slice(0, 160);
        const why = (node.failureSummary ?? "").replace(/\s+/g, " ").replace(/^Fix (any|all) of the following: /, "").slice(0, 200);
        return `${violation.id} (${violation.impact}) at ${node.target.join(" > ")}: ${html}${why ? ` — ${why}` : ""}`;
      }),
    );
}

/**
 * Fails when axe finds a serious or critical WCAG 2.x A/AA violation on the page as it is now. `label` names the
 * page (and its state) in the failure message. Takes well under a second on the app's pages; no screenshot.
 */
export async function expectAccessible(page: Page, label: string, options: AxeOptions = {}) {
  const width = page.viewportSize()?.width ?? 1280;
  const key = `${label} (${width < 768 ? "phone" : "wide"})`;
  if (!options.always && checked.has(key)) return;
  checked.add(key);
  // Colours are read as drawn: an element fading in (a toast, a dialog) would be measured half transparent.
  await cssMotionFinished(page);
  const violations = await accessibilityViolations(page, options);
  // AXE_REPORT=<file>: record the violations there and go on (to survey a whole spec at once), instead of failing.
  if (process.env.AXE_REPORT) {
    if (violations.length > 0) appendFileSync(process.env.AXE_REPORT, `## ${key} ${page.url()}\n${violations.join("\n")}\n`);
    return;
  }
  expect(violations, `axe on ${key} at ${page.url()}:\n${violations.join("\n")}`).toEqual([]);
}

/**
 * Waits two frames (a change just made starts its transitions) and then for every CSS animation and transition that
 * ends to end (at most 3 s); endless ones (spinners, skeleton pulses) and paused ones are not waited for.
 */
export async function cssMotionFinished(page: Page) {
  await page.evaluate(async () => {
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    const ending = document.getAnimations().filter((animation) => animation.playState !== "paused" && animation.effect?.getComputedTiming().endTime !== Infinity);
    await Promise.race([Promise.all(ending.map((animation) => animation.finished.catch(() => undefined))), new Promise((resolve) => setTimeout(resolve, 3_000))]);
  });
}
