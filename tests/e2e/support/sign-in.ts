// Signing a person in, for tests whose subject comes after it.
import { expect, type Page } from "@playwright/test";
import { AuthScreen } from "../pages/auth-screen";
import { DashboardPage } from "../pages/dashboard-page";

export interface Credentials {
  email: string;
  password: string;
}

/**
 * Through the sign-in screen of '/', which leads to /dashboard. With `waitForDashboard`, also waits until the
 * dashboard has loaded (its skeleton gone, the stat cards shown).
 */
export async function signInThroughScreen(page: Page, person: Credentials, { waitForDashboard = false } = {}): Promise<DashboardPage> {
  const auth = new AuthScreen(page);
  await auth.goto("/");
  await auth.signIn(person.email, person.password);
  await expect(page).toHaveURL(/\/dashboard$/);
  const dashboard = new DashboardPage(page);
  if (waitForDashboard) await dashboard.expectLoaded();
  return dashboard;
}

/** Through the API: the page's browser context keeps the session cookie (the sign-in screen is not the subject). */
export async function signInThroughApi(page: Page, person: Credentials): Promise<void> {
  const response = await page.request.post("/api/v1/auth/login", { data: { email: person.email, password: person.password } });
  expect(response.status(), await response.text()).toBe(200);
}
