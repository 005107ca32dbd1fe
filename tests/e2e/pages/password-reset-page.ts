// /password-reset?token=...: set the new password.
import { expect, type Page } from "@playwright/test";
import { expectAccessible } from "../support/axe";

export class PasswordResetPage {
  constructor(readonly page: Page) {}

  async resetTo(password: string) {
    await expect(this.page.getByRole("heading", { name: "Set a new password" })).toBeVisible();
    await expectAccessible(this.page, "password reset page");
    await this.page.getByLabel("New Password", { exact: true }).fill(password);
    await this.page.getByLabel("Confirm New Password", { exact: true }).fill(password);
    await this.page.getByRole("button", { name: "Reset Password" }).click();
  }
}
