import { route } from "@/lib/http/route";
import { analyticsSettings, updateAnalyticsSettings } from "@/lib/services/share-analytics";
import { analyticsSettingsBody } from "@/lib/validation/analytics";

// Whether the tenant's players report what happens to its decks, for anyone who sees presentations.
export const GET = route({ permission: "presentation.view" }, ({ actor }) => analyticsSettings(actor));

// Turns share analytics on or off for the actor's tenant: its administrators (user.create); recorded in the activity log.
export const PUT = route({ permission: "user.create", body: analyticsSettingsBody }, ({ actor, body }) => updateAnalyticsSettings(actor, body.enabled));
