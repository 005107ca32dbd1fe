// Schema of the platform's settings (lib/services/platform-settings.ts): each optional, unknown names refused.
import { z } from "zod";

export const platformSettingsInput = z.strictObject({
  enable_all_methods: z.boolean({ message: "enable_all_methods must be true or false" }).optional(),
});
export type PlatformSettingsInput = z.infer<typeof platformSettingsInput>;
