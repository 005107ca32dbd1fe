import { route } from "@/lib/http/route";
import { dashboardStats } from "@/lib/services/dashboard";

export const GET = route({ permission: "dashboard.view" }, ({ actor }) => dashboardStats(actor));
