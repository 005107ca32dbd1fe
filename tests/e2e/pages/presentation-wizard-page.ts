// The presentation creation wizard (/presentations/generate/{blogId}) by its accessible names: the stepper, the
// method cards, the template dialog with its progress, the PowerPoint import screen and the shared slide editor.
import { expect, type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "../support/axe";

export class PresentationWizardPage {
  constructor(readonly page: Page) {}

  async goto(blogId: string) {
    await this.page.goto(`/presentations/generate/${blogId}`);
    await expect(this.page.getByRole("navigation", { name: "Progress" })).toBeVisible();
    await expect(this.methods().or(this.slideList()).first()).toBeVisible();
    await expectAccessible(this.page, "presentation wizard");
  }

  /** The stepper's current step (by CSS: an open dialog hides the page behind it from the accessibility tree). */
  currentStep(): Locator {
    return this.page.locator('nav[aria-label="Progress"] [aria-current="step"]');
  }

  methods(): Locator {
    return this.page.getByRole("list", { name: "Generation methods" });
  }

  /** A method card's button: 'Choose {name}' or, once the blog has a presentation, 'Regenerate with {name}'. */
  methodButton(name: "Manual Creation" | "Import PowerPoint" | "AI Generation"): Locator {
    return this.methods().getByRole("button", { name: new RegExp(`^(Choose|Regenerate with) ${name}$`) });
  }

  backButton(label: "Back to Blog" | "Back to Methods" | "Back to Blogs"): Locator {
    return this.page.locator("header").getByRole("link", { name: label }).or(this.page.locator("header").getByRole("button", { name: label }));
  }

  banner(): Locator {
    return this.page.getByRole("region", { name: "This blog already has a presentation" });
  }

  templateDialog(): Locator {
    return this.page.getByRole("dialog");
  }

  template(name: string): Locator {
    return this.templateDialog().getByRole("radio", { name });
  }

  progress(): Locator {
    return this.templateDialog().getByRole("progressbar", { name: "Generation progress" });
  }

  // ---- the shared slide editor ----

  slideList(): Locator {
    return this.page.getByRole("list", { name: "Slide order" });
  }

  slideButton(number: number): Locator {
    return this.slideList().getByRole("button", { name: new RegExp(`^Slide ${number}:`) });
  }

  titleField(): Locator {
    return this.page.getByLabel("Slide title");
  }

  textField(): Locator {
    return this.page.getByLabel("Slide text");
  }

  scriptField(): Locator {
    return this.page.getByLabel("Narration script");
  }

  async fillSlide(slide: { title: string; body?: string; script?: string }) {
    await this.titleField().fill(slide.title);
    if (slide.body !== undefined) await this.textField().fill(slide.body);
    if (slide.script !== undefined) await this.scriptField().fill(slide.script);
  }

  /** Uploads a picture for the selected slide through its file chooser and waits until it shows. */
  async uploadSlideImage(file: { name: string; mimeType: string; buffer: Buffer }) {
    const chooser = this.page.waitForEvent("filechooser");
    await this.page.getByRole("button", { name: /^(Upload|Replace) Image$/ }).click();
    await (await chooser).setFiles(file);
    await expect(this.page.getByRole("button", { name: "Remove Image" })).toBeVisible({ timeout: 20_000 });
  }

  completeCard(): Locator {
    return this.page.getByRole("heading", { name: "Presentation Created" });
  }
}
