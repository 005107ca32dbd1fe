// The signed-in frame: top bar with the avatar menu.
import { expect, type Page } from "@playwright/test";

export class AppFrame {
  constructor(readonly page: Page) {}

  async expectDashboard(fullName: string) {
    await expect(this.page).toHaveURL(/\/dashboard$/);
    await expect(this.page.getByRole("heading", { name: `Welcome, ${fullName}!` })).toBeVisible();
  }

  async openProfileSettings() {
    await this.page.getByRole("button", { name: "Open user menu" }).click();
    await this.page.getByRole("menuitem", { name: "Profile Settings" }).click();
    await expect(this.page).toHaveURL(/\/profile$/);
  }

  async signOut() {
    await this.page.getByRole("button", { name: "Open user menu" }).click();
    await this.page.getByRole("menuitem", { name: "Sign Out" }).click();
    await expect(this.page).toHaveURL(/\/$/);
  }
}
