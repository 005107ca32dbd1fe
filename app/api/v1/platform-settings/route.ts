import { route } from "@/lib/http/route";
import { getPlatformSettings, updatePlatformSettings } from "@/lib/services/platform-settings";
import { platformSettingsInput } from "@/lib/validation/platform-settings";

// The platform's settings (super admins; tenant.create is the permission only they hold): read, and changed.
export const GET = route({ permission: "tenant.create" }, ({ actor }) => getPlatformSettings(actor));

export const PUT = route({ permission: "tenant.create", body: platformSettingsInput }, ({ actor, body }) => updatePlatformSettings(actor, body));
