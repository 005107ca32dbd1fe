// /accept-invitation?token=...
import { expect, type Page } from "@playwright/test";
import { expectAccessible } from "../support/axe";

export class AcceptInvitationPage {
  constructor(readonly page: Page) {}

  async open(link: string) {
    await this.page.goto(link);
  }

  async expectInvitation(tenantName: string, roleName: string) {
    await expect(this.page.getByRole("heading", { name: "Accept Invitation" })).toBeVisible();
    const description = this.page.getByText(/You've been invited to join/);
    await expect(description).toContainText(tenantName);
    await expect(description).toContainText(roleName);
    await expectAccessible(this.page, "accept-invitation page");
  }

  async accept(details: { fullName: string; password: string; phone?: string }) {
    await this.page.getByLabel("Full Name").fill(details.fullName);
    await this.page.getByLabel("Password", { exact: true }).fill(details.password);
    await this.page.getByLabel("Confirm Password", { exact: true }).fill(details.password);
    if (details.phone) await this.page.getByLabel("Phone (optional)").fill(details.phone);
    await this.page.getByRole("button", { name: "Accept Invitation" }).click();
  }

  async expectInvalid() {
    await expect(this.page.getByRole("heading", { name: "Invalid Invitation" })).toBeVisible();
    await expect(this.page.getByRole("link", { name: "Go to Login" })).toHaveAttribute("href", "/login");
    await expectAccessible(this.page, "invalid invitation page");
  }
}
