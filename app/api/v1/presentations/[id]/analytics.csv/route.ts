import { route } from "@/lib/http/route";
import { analyticsCsv, analyticsCsvFileName, presentationAnalytics } from "@/lib/services/share-analytics";
import { analyticsQuery } from "@/lib/validation/analytics";
import { idParams } from "@/lib/validation/common";

// The analytics page's figures as a CSV download: per day, per slide, and the questions asked.
export const GET = route({ permission: "presentation.view", params: idParams, query: analyticsQuery }, async ({ actor, params, query }) => {
  const analytics = await presentationAnalytics(actor, params.id, query.days);
  return new Response(analyticsCsv(analytics), {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${analyticsCsvFileName(analytics)}"`,
      "X-Content-Type-Options": "nosniff",
    },
  });
});
