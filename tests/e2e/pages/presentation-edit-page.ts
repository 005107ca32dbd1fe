// The presentation edit page (/presentations/{id}/edit) by its accessible names: the Information card, the
// thumbnail grid and its preview dialog, and the slide editor.
import { expect, type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "../support/axe";

export class PresentationEditPage {
  readonly info: Locator;
  readonly thumbnails: Locator;
  readonly slideList: Locator;
  readonly title: Locator;
  readonly body: Locator;
  readonly script: Locator;
  readonly imageInput: Locator;
  readonly saveButton: Locator;
  readonly cancelButton: Locator;
  readonly backToThumbnails: Locator;

  constructor(readonly page: Page) {
    this.info = page.getByRole("region", { name: "Information", exact: true });
    this.thumbnails = page.getByRole("list", { name: "Slide thumbnails" });
    this.slideList = page.getByRole("list", { name: "Slide order" });
    this.title = page.getByLabel("Slide title", { exact: true });
    this.body = page.getByLabel("Slide text", { exact: true });
    this.script = page.getByLabel("Narration script", { exact: true });
    this.imageInput = page.locator('input[type="file"]');
    this.saveButton = page.getByRole("button", { name: "Save Changes" });
    this.cancelButton = page.getByRole("button", { name: "Cancel", exact: true });
    this.backToThumbnails = page.getByRole("button", { name: "Back to Thumbnails" });
  }

  async goto(presentationId: string) {
    await this.page.goto(`/presentations/${presentationId}/edit`);
  }

  /** A fact of the Information card by its label. */
  fact(term: string): Locator {
    return this.info.getByText(term, { exact: true }).locator("xpath=following-sibling::dd[1]");
  }

  /** The thumbnail cards' titles in order. */
  cardTitles(): Locator {
    return this.thumbnails.getByRole("listitem").locator("p");
  }

  thumbnailImages(): Locator {
    return this.thumbnails.getByRole("img");
  }

  /** Waits until every card shows its rendered image (no 'Updating slide image...' placeholder). */
  async expectImagesReady(count: number) {
    await expect(this.thumbnails.getByText("Updating slide image...")).toHaveCount(0, { timeout: 60_000 });
    await expect(this.thumbnailImages()).toHaveCount(count);
    for (const image of await this.thumbnailImages().all()) {
      // The cards' images load lazily: one below the fold loads once scrolled to.
      await image.scrollIntoViewIfNeeded();
      await expect.poll(() => image.evaluate((element) => (element as HTMLImageElement).complete && (element as HTMLImageElement).naturalWidth > 0)).toBe(true);
    }
    await expectAccessible(this.page, "presentation edit page");
  }

  previewDialog(): Locator {
    return this.page.getByRole("dialog");
  }

  /** The editor's list entry of slide n (1-based). */
  listEntry(number: number): Locator {
    return this.slideList.getByRole("button", { name: new RegExp(`^Slide ${number}: `) });
  }

  /** The slide titles of the editor's list, in order. */
  async listTitles(): Promise<string[]> {
    const labels = await this.slideList.getByRole("button").evaluateAll((buttons) => buttons.map((button) => button.getAttribute("aria-label") ?? ""));
    return labels.map((label) => label.replace(/^Slide \d+: /, ""));
  }

  async expectEditingSlide(number: number, total: number) {
    await expect(this.page.getByRole("heading", { name: `Slide ${number} of ${total}` })).toBeVisible();
    await expectAccessible(this.page, "slide editor");
  }
}
