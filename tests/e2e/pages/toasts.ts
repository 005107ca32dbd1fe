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
