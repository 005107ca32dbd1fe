// Tenant Management (/admin/tenants).
import { expect, type Locator, type Page } from "@playwright/test";
import { expectToast } from "./toasts";
import { expectAccessible } from "../support/axe";

export class TenantManagementPage {
  constructor(readonly page: Page) {}

  async expectLoaded() {
    await expect(this.page.getByRole("heading", { name: "Tenant Management", level: 1 })).toBeVisible();
    await expect(this.page.locator('[data-testid="tenant-row"], [data-testid="tenant-card"]').filter({ visible: true }).first()).toBeVisible();
    await expectAccessible(this.page, "tenant management page");
  }

  async search(text: string) {
    await this.page.getByRole("searchbox", { name: "Search tenants" }).fill(text);
  }

  /** The tenant's table row (wide screens) or card (phones). */
  row(name: string): Locator {
    return this.page.locator('[data-testid="tenant-row"], [data-testid="tenant-card"]').filter({ hasText: name }).filter({ visible: true });
  }

  async create(tenant: { name: string; adminFullName: string; adminEmail: string; active: boolean }) {
    await this.page.getByRole("button", { name: "Create Tenant" }).click();
    const dialog = this.page.getByRole("dialog", { name: "Create Tenant" });
    await expect(dialog).toBeVisible();
    await expectAccessible(this.page, "create tenant dialog", { include: '[role="dialog"]' });
    await dialog.getByLabel("Tenant Name").fill(tenant.name);
    await dialog.getByLabel("Admin Full Name").fill(tenant.adminFullName);
    await dialog.getByLabel("Admin Email").fill(tenant.adminEmail);
    const active = dialog.getByRole("checkbox", { name: /Active/ });
    if ((await active.getAttribute("aria-checked")) !== String(tenant.active)) await active.click();
    return dialog;
  }

  async edit(name: string, newName: string) {
    await this.row(name).getByRole("button", { name: `Edit ${name}` }).click();
    const dialog = this.page.getByRole("dialog", { name: "Edit Tenant" });
    await dialog.getByLabel("Tenant Name").fill(newName);
    return dialog;
  }

  async approve(name: string) {
    await this.row(name).getByRole("button", { name: `Approve ${name}` }).click();
    await expectToast(this.page, "Tenant Approved", `Tenant ${name} approved successfully`);
  }
}
