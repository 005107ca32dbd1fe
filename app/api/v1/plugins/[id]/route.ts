import { z } from "zod";
import { route } from "@/lib/http/route";
import { updatePlugin } from "@/lib/services/plugins";

const params = z.object({ id: z.string().min(1).max(100) });
const body = z.object({
  enabled: z.boolean({ message: "enabled must be true or false" }).optional(),
  config: z.record(z.string(), z.unknown()).optional(),
});

export const PUT = route({ permission: "user.create", params, body }, ({ actor, params, body }) => updatePlugin(actor, params.id, body));
