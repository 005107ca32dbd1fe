// User Management (/admin/users) and its permissions dialog.
import { expect, type Download, type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "../support/axe";

export class UserManagementPage {
  readonly rows: Locator;

  constructor(readonly page: Page) {
    this.rows = page.locator('[data-testid="user-row"], [data-testid="user-card"]').filter({ visible: true });
  }

  async expectLoaded() {
    await expect(this.page.getByRole("heading", { name: "User Management", level: 1 })).toBeVisible();
    await expect(this.rows.first()).toBeVisible();
    await expectAccessible(this.page, "user management page");
  }

  row(text: string): Locator {
    return this.rows.filter({ hasText: text });
  }

  async search(text: string) {
    await this.page.getByRole("searchbox", { name: "Search users" }).fill(text);
  }

  async filterRole(value: "all" | "user" | "tenant_admin" | "super_admin") {
    await this.page.getByRole("combobox", { name: "Filter by role" }).selectOption(value);
  }

  async filterStatus(value: "all" | "active" | "inactive") {
    await this.page.getByRole("combobox", { name: "Filter by status" }).selectOption(value);
  }

  async openPermissions(fullName: string): Promise<PermissionsDialog> {
    await this.row(fullName).getByRole("button", { name: `Permissions of ${fullName}` }).click();
    const dialog = new PermissionsDialog(this.page);
    await expect(dialog.root).toBeVisible();
    await expect(dialog.count("effective")).toBeVisible();
    await expectAccessible(this.page, "permissions dialog", { include: '[role="dialog"]' });
    return dialog;
  }

  async exportCsv(): Promise<Download> {
    const download = this.page.waitForEvent("download");
    await this.page.getByRole("button", { name: "Export CSV" }).click();
    return download;
  }
}

export class PermissionsDialog {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole("dialog", { name: "Manage Permissions" });
  }

  count(kind: "effective" | "role" | "granted" | "revoked"): Locator {
    return this.root.getByTestId(`${kind}-count`);
  }

  stateOf(permission: string): Locator {
    return this.root.getByTestId(`permission-${permission}`).getByTestId("permission-state");
  }

  async act(verb: "Grant" | "Revoke" | "Reset" | "Remove override", permission: string) {
    await this.root.getByRole("button", { name: `${verb} ${permission}`, exact: true }).click();
  }

  async close() {
    await this.root.getByRole("button", { name: "Close" }).click();
    await expect(this.root).toBeHidden();
  }
}
