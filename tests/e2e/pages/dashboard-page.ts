// The role dashboards at /dashboard.
import { expect, type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "../support/axe";

export class DashboardPage {
  constructor(readonly page: Page) {}

  async goto() {
    await this.page.goto("/dashboard");
    await this.expectLoaded();
  }

  /** The skeleton is gone and the stat cards are there. */
  async expectLoaded() {
    await expect(this.page.getByRole("status", { name: "Loading dashboard" })).toBeHidden();
    await expect(this.page.locator('[data-testid^="stat-"]').first()).toBeVisible();
    await expectAccessible(this.page, `dashboard of a ${await this.page.getByTestId("role-badge").textContent()}`);
  }

  async expectWelcome(name: string, roleBadge: string) {
    await expect(this.page.getByRole("heading", { level: 1, name: `Welcome, ${name}!` })).toBeVisible();
    await expect(this.page.getByTestId("role-badge")).toHaveText(roleBadge);
  }

  /** The stat card titles in order. */
  async statTitles(): Promise<string[]> {
    return this.page.locator('[data-testid^="stat-"] > div > p:first-child').allTextContents();
  }

  stat(title: string): Locator {
    return this.page.getByRole("group", { name: title, exact: true });
  }

  async expectStat(title: string, value: string | RegExp, caption?: string | RegExp) {
    const card = this.stat(title);
    await expect(card).toContainText(value);
    if (caption) await expect(card).toContainText(caption);
  }

  panel(title: string): Locator {
    return this.page.getByRole("region", { name: title, exact: true });
  }

  teamRow(email: string): Locator {
    return this.page.getByRole("table", { name: "Team Members" }).getByRole("row").filter({ hasText: email });
  }

  async invite(email: string) {
    await this.page.getByRole("button", { name: "Invite User", exact: true }).click();
    const dialog = this.page.getByRole("dialog", { name: "Invite New User" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("Send an invitation to a new team member to join your organization")).toBeVisible();
    await dialog.getByLabel("Email").fill(email);
    await expect(dialog.getByLabel("Role")).not.toHaveValue("");
    await expectAccessible(this.page, "invite dialog", { include: '[role="dialog"]' });
    await dialog.getByRole("button", { name: "Send Invitation" }).click();
    return dialog;
  }
}
