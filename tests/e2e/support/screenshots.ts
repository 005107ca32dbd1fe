// Screenshots of the e2e specs: with no leftover toast over the page and transitions finished.
import { mkdirSync } from "node:fs";
import { expect, type Page, type TestInfo } from "@playwright/test";
import { toastRegion } from "../pages/toasts";
import { cssMotionFinished, expectAccessible } from "./axe";

export interface ShotOptions {
  /** The whole page (the default) or only the screen. */
  fullPage?: boolean;
  /**
   * A fixed wait for motion the browser cannot report, in ms (the player's framer-motion slides). Without it the
   * shot waits until the page's CSS animations and transitions (dialogs, bars, drawers, toasts) have finished.
   */
  settleMs?: number;
  /** Also wait until no status toast is left (the closed one, and any other still showing). */
  untilToastsGone?: boolean;
}

/**
 * Closes a leftover toast, lets the page settle, checks it with axe (no serious or critical WCAG A/AA violation: every
 * screen the specs photograph is one a user sees) and takes `${name}.png`: into `to` when it is a folder (made if
 * missing), or at the test's output path and attached to its report when it is the test's TestInfo.
 */
export async function shoot(page: Page, to: string | TestInfo, name: string, { fullPage = true, settleMs, untilToastsGone = false }: ShotOptions = {}) {
  const closeToast = toastRegion(page).getByRole("button", { name: "Close" });
  // A toast that closes by itself meanwhile needs no click.
  if (await closeToast.count()) await closeToast.first().click({ timeout: 3_000 }).catch(() => undefined);
  if (untilToastsGone) await expect(toastRegion(page).getByRole("status")).toHaveCount(0);
  if (settleMs === undefined) await cssMotionFinished(page);
  else await page.waitForTimeout(settleMs);
  await expectAccessible(page, `screen ${name}`);
  if (typeof to === "string") {
    mkdirSync(to, { recursive: true });
    await page.screenshot({ path: `${to}/${name}.png`, fullPage });
    return;
  }
  const body = await page.screenshot({ path: to.outputPath(`${name}.png`), fullPage });
  await to.attach(name, { body, contentType: "image/png" });
}
