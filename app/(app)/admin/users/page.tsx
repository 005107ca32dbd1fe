import { AccessDenied } from "@/components/admin/access-denied";
import { UserManagement } from "@/components/admin/users/user-management";
import { SessionEnded } from "@/components/auth/session-ended";
import { currentSession } from "@/lib/auth/session";

export const metadata = { title: "User Management" };

// Super admins and tenant admins (spec section 2); the user services check again on every call.
export default async function UsersPage() {
  const session = await currentSession();
  if (!session) return <SessionEnded />;
  const admin = session.user.role === "super_admin" || session.user.role === "tenant_admin";
  return admin ? <UserManagement /> : <AccessDenied />;
}
