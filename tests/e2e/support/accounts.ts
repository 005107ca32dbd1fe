// Account set-up through the public API, for tests whose subject is something else.
import { expect, type APIRequestContext } from "@playwright/test";
import { mailLink, waitForMail } from "./mail";

export const SUPER_ADMIN = { email: "superadmin@e2e.test", password: "SuperAdmin#2026" };

let sequence = 0;
/** Names unique to this run, so a test never meets another's data. */
export function unique(label: string) {
  sequence += 1;
  const id = `${Date.now().toString(36)}${sequence}`;
  return { id, email: `${label}-${id}@e2e.test` };
}

export async function bearerToken(request: APIRequestContext, email: string, password: string): Promise<string> {
  const response = await request.post("/api/v1/auth/login", { data: { email, password } });
  expect(response.status(), await response.text()).toBe(200);
  return ((await response.json()) as { access_token: string }).access_token;
}

export async function approveTenant(request: APIRequestContext, tenantId: string): Promise<void> {
  const token = await bearerToken(request, SUPER_ADMIN.email, SUPER_ADMIN.password);
  const response = await request.post(`/api/v1/tenants/${tenantId}/approve`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
}

export interface TenantAdmin {
  email: string;
  password: string;
  fullName: string;
  tenantName: string;
  tenantId: string;
}

/** A registered, verified and approved organisation with its admin, made the way a new customer makes one. */
export async function createActiveTenantAdmin(request: APIRequestContext, label: string): Promise<TenantAdmin> {
  const { id, email } = unique(label);
  const admin = { email, password: `Pass-${id}!`, fullName: `Ada ${label}`, tenantName: `${label} Org ${id}` };
  const registered = await request.post("/api/v1/auth/register", {
    data: {
      tenant_name: admin.tenantName,
      admin_full_name: admin.fullName,
      admin_email: admin.email,
      admin_phone: "+44 20 7946 0000",
      admin_address: "1 Test Street, London",
      admin_password: admin.password,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
  const { tenant_id: tenantId } = (await registered.json()) as { tenant_id: string };
  const token = new URL(mailLink(await waitForMail(email, "/verify-email?token="), "/verify-email")).searchParams.get("token");
  const verified = await request.post("/api/v1/auth/verify-email", { data: { token } });
  expect(verified.status(), await verified.text()).toBe(200);
  await approveTenant(request, tenantId);
  return { ...admin, tenantId };
}
