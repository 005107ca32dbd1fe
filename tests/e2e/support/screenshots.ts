// Screenshots of the e2e specs: with no leftover toast over the page and transitions finished.
import { mkdirSync } from "node:fs";
import { expect, type Page, type TestInfo } from "@playwright/test";
import { toastRegion } from "../pages/toasts";

export interface ShotOptions {
  /** The whole page (the default) or only the screen. */
  fullPage?: boolean;
  /** How long dialogs, bars and drawers get to finish their transitions, in ms (default 400). */
  settleMs?: number;
  /** Also wait until no status toast is left (the closed one, and any other still showing). */
  untilToastsGone?: boolean;
}

/**
 * Closes a leftover toast, lets the page settle and takes `${name}.png`: into `to` when it is a folder (made if
 * missing), or at the test's output path and attached to its report when it is the test's TestInfo.
 */
export async function shoot(page: Page, to: string | TestInfo, name: string, { fullPage = true, settleMs = 400, untilToastsGone = false }: ShotOptions = {}) {
  const closeToast = toastRegion(page).getByRole("button", { name: "Close" });
  if (await closeToast.count()) await closeToast.first().click();
  if (untilToastsGone) await expect(toastRegion(page).getByRole("status")).toHaveCount(0);
  await page.waitForTimeout(settleMs);
  if (typeof to === "string") {
    mkdirSync(to, { recursive: true });
    await page.screenshot({ path: `${to}/${name}.png`, fullPage });
    return;
  }
  const body = await page.screenshot({ path: to.outputPath(`${name}.png`), fullPage });
  await to.attach(name, { body, contentType: "image/png" });
}
