import { AccessDenied } from "@/components/admin/access-denied";
import type { PluginRow } from "@/components/admin/plugins/plugin-kinds";
import { PluginManagement } from "@/components/admin/plugins/plugin-management";
import { SessionEnded } from "@/components/auth/session-ended";
import { initialFromService } from "@/lib/http/initial-data";
import { currentActor } from "@/lib/http/session";
import { listPlugins } from "@/lib/services/plugins";

export const metadata = { title: "Plugins" };

// Needs user.create (spec section 6); the plugin API checks it again. The plugins are read here for the first view.
export default async function PluginsPage() {
  const actor = await currentActor();
  if (!actor) return <SessionEnded />;
  if (!actor.permissions.has("user.create")) return <AccessDenied />;
  const initial = await initialFromService<PluginRow[]>(() => listPlugins(actor));
  return <PluginManagement initial={initial} />;
}
