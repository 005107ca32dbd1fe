// Profile Settings: header card, Account Information and the Change Password form.
import { expect, type Page } from "@playwright/test";
import { expectAccessible } from "../support/axe";

export class ProfilePage {
  constructor(readonly page: Page) {}

  async expectUser(user: { fullName: string; email: string; roleBadge: string }) {
    await expect(this.page.getByRole("heading", { level: 1, name: user.fullName })).toBeVisible();
    await expect(this.page.getByTestId("role-badge")).toHaveText(user.roleBadge);
    await expect(this.page.getByText(`Member since ${new Date().getFullYear()}`)).toBeVisible();
    const info = this.page.locator("dl");
    await expect(info.getByText(user.email, { exact: true })).toBeVisible();
    await expect(info.getByText(user.fullName, { exact: true })).toBeVisible();
    await expectAccessible(this.page, "profile page");
  }

  async changePassword(current: string, next: string) {
    await this.page.getByLabel("Current Password", { exact: true }).fill(current);
    await this.page.getByLabel("New Password", { exact: true }).fill(next);
    await this.page.getByLabel("Confirm New Password", { exact: true }).fill(next);
    await this.page.getByRole("button", { name: "Change Password" }).click();
  }

  async expectFormCleared() {
    for (const label of ["Current Password", "New Password", "Confirm New Password"]) {
      await expect(this.page.getByLabel(label, { exact: true })).toHaveValue("");
    }
  }
}
