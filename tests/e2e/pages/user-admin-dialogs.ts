// User Management's dialogs beyond permissions: Create User, Edit User, the revoke and delete confirmations,
// and the list's pagination bar.
import { expect, type Locator, type Page } from "@playwright/test";
import { expectAccessible } from "../support/axe";

export class CreateUserDialog {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole("dialog", { name: "Create User" });
  }

  async open() {
    await this.page.getByRole("button", { name: "Create User" }).click();
    await expect(this.root).toBeVisible();
    await expectAccessible(this.page, "create user dialog", { include: '[role="dialog"]' });
  }

  async fill(user: { email: string; fullName: string; password: string; role?: "user" | "tenant_admin" }) {
    await this.root.getByLabel("Email", { exact: true }).fill(user.email);
    await this.root.getByLabel("Full Name", { exact: true }).fill(user.fullName);
    await this.root.getByLabel("Password", { exact: true }).fill(user.password);
    if (user.role) await this.root.getByRole("combobox", { name: "Role" }).selectOption(user.role);
  }

  async submit() {
    await this.root.getByRole("button", { name: "Create User" }).click();
  }

  /** The error shown under a field (tied to it by aria-describedby). */
  fieldError(label: string): Locator {
    return this.root.locator(`[id="${fieldIdOf(label)}-error"]`);
  }
}

function fieldIdOf(label: string): string {
  return { Email: "user-email", "Full Name": "user-full-name", Password: "user-password" }[label] ?? label;
}

export class EditUserDialog {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole("dialog", { name: "Edit User" });
  }

  active(): Locator {
    return this.root.getByRole("checkbox", { name: "Active" });
  }

  async save() {
    await this.root.getByRole("button", { name: "Save Changes" }).click();
  }
}

/** A destructive confirmation (Delete User, Revoke Invitation, Delete Tenant). */
export function confirmDialog(page: Page, title: string): Locator {
  return page.getByRole("alertdialog", { name: title });
}

export class PaginationBar {
  readonly root: Locator;

  constructor(readonly page: Page) {
    this.root = page.getByRole("navigation", { name: "Pagination" });
  }

  summary(): Locator {
    return this.root.locator("p");
  }

  pageLabel(): Locator {
    return this.root.getByText(/^Page \d+ of \d+$/);
  }

  previous(): Locator {
    return this.root.getByRole("button", { name: "Previous" });
  }

  next(): Locator {
    return this.root.getByRole("button", { name: "Next" });
  }
}
