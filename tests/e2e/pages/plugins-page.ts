// Plugin management (/admin/plugins).
import { expect, type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "../support/axe";

export class PluginsPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto("/admin/plugins");
    await expect(this.page.getByRole("heading", { name: "Plugins", level: 1 })).toBeVisible();
    await expectAccessible(this.page, "plugins page");
  }

  card(id: string): Locator {
    return this.page.getByTestId(`plugin-${id}`);
  }

  status(id: string): Locator {
    return this.card(id).getByTestId("plugin-status");
  }

  enableSwitch(id: string, name: string): Locator {
    return this.card(id).getByRole("switch", { name: `Enable ${name}` });
  }
}
