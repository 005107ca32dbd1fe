// The application shell: sidebar (or the phone drawer) with the role's menu, and the top bar.
import { expect, type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "../support/axe";

export class AppShell {
  constructor(readonly page: Page) {}

  /** The visible main menu: the sidebar on large screens, the drawer on phones (only one is shown at a time). */
  nav(): Locator {
    return this.page.getByRole("navigation", { name: "Main" });
  }

  /** The menu's entries as 'Group: Label' (group headings only where the menu has them). */
  async menu(): Promise<string[]> {
    const nav = this.nav();
    await expect(nav.getByRole("link").first()).toBeVisible();
    return nav.evaluate((element) =>
      Array.from(element.querySelectorAll("ul")).flatMap((list) => {
        const group = list.getAttribute("aria-labelledby");
        const heading = group ? document.getElementById(group)?.textContent?.trim() : undefined;
        return Array.from(list.querySelectorAll("a")).map((link) => {
          const label = link.textContent?.trim() ?? "";
          return heading ? `${heading}: ${label}` : label;
        });
      }),
    );
  }

  async expectMenu(entries: string[]) {
    await expect.poll(() => this.menu()).toEqual(entries);
  }

  async expectCurrent(label: string) {
    await expect(this.nav().getByRole("link", { name: label, exact: true })).toHaveAttribute("aria-current", "page");
  }

  async openDrawer() {
    await this.page.getByRole("button", { name: "Open navigation menu" }).click();
    await expect(this.page.getByRole("dialog", { name: "Navigation menu" })).toBeVisible();
    await expectAccessible(this.page, "navigation drawer", { include: '[role="dialog"]' });
  }

  async closeDrawer() {
    await this.page.getByRole("button", { name: "Close navigation menu" }).click();
    await expect(this.page.getByRole("dialog", { name: "Navigation menu" })).toBeHidden();
  }

  async toggleSidebar(name: "Collapse sidebar" | "Expand sidebar") {
    await this.page.getByRole("button", { name }).click();
  }
}
