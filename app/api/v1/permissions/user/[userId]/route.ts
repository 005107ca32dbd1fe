import { z } from "zod";
import { route } from "@/lib/http/route";
import { userEffectivePermissions } from "@/lib/services/permissions";

const params = z.object({ userId: z.uuid({ message: "Invalid id" }) });

export const GET = route({ permission: "user.view", params }, ({ actor, params }) => userEffectivePermissions(actor, params.userId));
