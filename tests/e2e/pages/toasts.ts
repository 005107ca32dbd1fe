import { expect, type Locator, type Page } from "@playwright/test";

/** The toast region (Radix also copies the text into a screen-reader announcer outside it). */
export function toastRegion(page: Page): Locator {
  return page.getByRole("region", { name: /Notifications/ });
}

export async function expectToast(page: Page, title: string, description?: string | RegExp) {
  const region = toastRegion(page);
  await expect(region.getByText(title, { exact: true })).toBeVisible();
  if (description) await expect(region.getByText(description)).toBeVisible();
}

/**
 * The toast titled `title` covers no control of the page: no button, link or field outside the toast region
 * overlaps it (the question box, the Ask button, the player's controls and top bar).
 */
export async function expectToastClearOfControls(page: Page, title: string) {
  const toast = toastRegion(page).locator("li").filter({ hasText: title });
  await expect(toast).toBeVisible();
  // Past its entrance animation.
  await page.waitForTimeout(400);
  const covered = await toast.evaluate((element) => {
    const box = element.getBoundingClientRect();
    const region = element.closest("[data-placement]") ?? element;
    return [...document.querySelectorAll<HTMLElement>("button, a[href], input, textarea, select")]
      .filter((control) => !region.contains(control))
      .filter((control) => {
        const rect = control.getBoundingClientRect();
        if (rect.width === 0 || rect.height === 0) return false;
        if (!(rect.left < box.right && rect.right > box.left && rect.top < box.bottom && rect.bottom > box.top)) return false;
        // Only controls a person can see: on top at their centre, or under the toast (not under the player's layer).
        const top = document.elementFromPoint(rect.left + rect.width / 2, rect.top + rect.height / 2);
        return top !== null && (control.contains(top) || region.contains(top));
      })
      .map((control) => control.getAttribute("aria-label") ?? control.textContent?.trim() ?? control.tagName);
  });
  expect(covered, `controls under the '${title}' toast`).toEqual([]);
}
