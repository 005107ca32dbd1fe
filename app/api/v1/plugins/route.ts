import { route } from "@/lib/http/route";
import { listPlugins } from "@/lib/services/plugins";

export const GET = route({ permission: "user.create" }, ({ actor }) => listPlugins(actor));
