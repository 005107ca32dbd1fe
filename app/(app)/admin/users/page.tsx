import { AccessDenied } from "@/components/admin/access-denied";
import { ADMIN_PAGE_SIZE } from "@/components/admin/page-size";
import type { InitialPage } from "@/components/admin/use-api-list";
import type { UserRow } from "@/components/admin/users/types";
import { UserManagement } from "@/components/admin/users/user-management";
import { SessionEnded } from "@/components/auth/session-ended";
import { initialFromService } from "@/lib/http/initial-data";
import { currentActor } from "@/lib/http/session";
import { listUsers } from "@/lib/services/users";
import { userListQuery } from "@/lib/validation/users";

export const metadata = { title: "User Management" };

// Super admins and tenant admins (spec section 2); the user services check again on every call. The first page
// (no filter) is read here, as GET /users?limit=20&offset=0 would answer it; the list fetches the rest.
export default async function UsersPage() {
  const actor = await currentActor();
  if (!actor) return <SessionEnded />;
  if (actor.role !== "super_admin" && actor.role !== "tenant_admin") return <AccessDenied />;
  const query = userListQuery.parse({ limit: String(ADMIN_PAGE_SIZE), offset: "0" });
  const initial = await initialFromService<InitialPage<UserRow>>(() => listUsers(actor, query));
  return <UserManagement initial={initial} />;
}
