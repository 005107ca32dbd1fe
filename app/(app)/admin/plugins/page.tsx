import { AccessDenied } from "@/components/admin/access-denied";
import { PluginManagement } from "@/components/admin/plugins/plugin-management";
import { SessionEnded } from "@/components/auth/session-ended";
import { currentSession } from "@/lib/auth/session";

export const metadata = { title: "Plugins" };

// Needs user.create (spec section 6); the plugin API checks it again.
export default async function PluginsPage() {
  const session = await currentSession();
  if (!session) return <SessionEnded />;
  return session.permissions.includes("user.create") ? <PluginManagement /> : <AccessDenied />;
}
