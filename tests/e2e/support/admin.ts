// Administration set-up through the API as the super admin, for tests whose subject is the admin screens.
import { expect, type APIRequestContext } from "@playwright/test";
import { bearerToken, SUPER_ADMIN } from "./accounts";

export interface CreatedUser {
  id: string;
  email: string;
  password: string;
  fullName: string;
}

async function superAdminHeaders(request: APIRequestContext) {
  return { Authorization: `Bearer ${await bearerToken(request, SUPER_ADMIN.email, SUPER_ADMIN.password)}` };
}

/** An active tenant made by the super admin; its admin (the invitation of tenant creation) stays invited. */
export async function createTenant(request: APIRequestContext, name: string, invitedAdminEmail: string): Promise<string> {
  const response = await request.post("/api/v1/tenants/", {
    headers: await superAdminHeaders(request),
    data: { name, domain: name.toLowerCase().replace(/[^a-z0-9]+/g, "-"), is_active: true, admin_full_name: "Invited Admin", admin_email: invitedAdminEmail },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { id: string }).id;
}

/** A user with a password in a tenant, created by the super admin. */
export async function createUser(
  request: APIRequestContext,
  user: { email: string; fullName: string; password: string; role: "user" | "tenant_admin"; tenantId: string; isActive?: boolean },
): Promise<CreatedUser> {
  const response = await request.post("/api/v1/users", {
    headers: await superAdminHeaders(request),
    data: { email: user.email, full_name: user.fullName, password: user.password, role: user.role, tenant_id: user.tenantId, is_active: user.isActive ?? true },
  });
  expect(response.status(), await response.text()).toBe(201);
  const { id } = (await response.json()) as { id: string };
  return { id, email: user.email, password: user.password, fullName: user.fullName };
}
