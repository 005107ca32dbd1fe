import { route } from "@/lib/http/route";
import { sessionHistory } from "@/lib/services/qa";
import { historyQuery } from "@/lib/validation/qa";

// The viewer's own Q&A session, oldest first (a question before its answer on a tie).
export const GET = route({ auth: "optional", query: historyQuery }, ({ actor, request, query }) =>
  sessionHistory({ actor, token: query.token ?? request.headers.get("x-share-token"), request }, query.session_id),
);
