// The sign-in screen of '/' and '/login' with its four views.
import { expect, type Locator, type Page } from "@playwright/test";
import { expectToast } from "./toasts";
import { expectAccessible } from "../support/axe";

export interface Registration {
  companyName: string;
  fullName: string;
  email: string;
  phone: string;
  address: string;
  password: string;
}

export class AuthScreen {
  readonly email: Locator;
  readonly password: Locator;
  readonly signInButton: Locator;

  constructor(readonly page: Page) {
    this.email = page.getByLabel("Email", { exact: true });
    this.password = page.getByLabel("Password", { exact: true });
    this.signInButton = page.getByRole("button", { name: "Sign In", exact: true });
  }

  async goto(path = "/") {
    await this.page.goto(path);
    await this.expectLoginView();
  }

  async expectLoginView() {
    await expect(this.page.getByRole("heading", { name: "Sign in", exact: true })).toBeVisible();
    await expectAccessible(this.page, "sign-in page");
  }

  async signIn(email: string, password: string, { keepLoggedIn = false } = {}) {
    await this.email.fill(email);
    await this.password.fill(password);
    if (keepLoggedIn) await this.page.getByRole("checkbox", { name: "Keep me logged in" }).check();
    await this.signInButton.click();
  }

  async expectLoginFailed(message: string) {
    await expectToast(this.page, "Login Failed", message);
  }

  async register(details: Registration) {
    await this.page.getByRole("button", { name: "Sign Up", exact: true }).click();
    await expect(this.page.getByRole("heading", { name: "Create your organization" })).toBeVisible();
    const submit = this.page.getByRole("button", { name: "Sign Up", exact: true });
    await expect(submit).toBeDisabled();
    await expectAccessible(this.page, "sign-up view");
    await this.page.getByLabel("Company/Organization Name").fill(details.companyName);
    await this.page.getByLabel("Full Name").fill(details.fullName);
    await this.page.getByLabel("Email", { exact: true }).fill(details.email);
    await this.page.getByLabel("Phone").fill(details.phone);
    await this.page.getByLabel("Address").fill(details.address);
    await this.page.getByLabel("Password", { exact: true }).fill(details.password);
    await this.page.getByLabel("Confirm Password", { exact: true }).fill(details.password);
    await expect(submit).toBeEnabled();
    await submit.click();
  }

  async requestPasswordReset(email: string) {
    await this.page.getByRole("button", { name: "Forgot password" }).click();
    await expect(this.page.getByRole("heading", { name: "Forgot your password?" })).toBeVisible();
    await expectAccessible(this.page, "forgot-password view");
    await this.page.getByLabel("Email", { exact: true }).fill(email);
    await this.page.getByRole("button", { name: "Send Reset Link" }).click();
    await expect(this.page.getByRole("heading", { name: "Check Your Email" })).toBeVisible();
    await expectAccessible(this.page, "reset link sent view");
  }
}
