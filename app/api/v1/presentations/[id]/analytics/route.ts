import { route } from "@/lib/http/route";
import { presentationAnalytics } from "@/lib/services/share-analytics";
import { analyticsQuery } from "@/lib/validation/analytics";
import { idParams } from "@/lib/validation/common";

// A deck's analytics over the last `days` days (default 30): views, unique viewers, completion, each slide's
// viewers and time heard, the questions asked, the sites that embed it; from the daily rollups.
export const GET = route({ permission: "presentation.view", params: idParams, query: analyticsQuery }, ({ actor, params, query }) =>
  presentationAnalytics(actor, params.id, query.days),
);
