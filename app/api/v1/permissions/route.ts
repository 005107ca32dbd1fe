import { route } from "@/lib/http/route";
import { listPermissions } from "@/lib/services/permissions";

export const GET = route({ permission: ["role.view", "user.view"] }, () => listPermissions());
