import { route } from "@/lib/http/route";
import { topDecks } from "@/lib/services/share-analytics";
import { topDecksQuery } from "@/lib/validation/analytics";

// The tenant's most-viewed decks over the last `days` days, for the dashboard's card.
export const GET = route({ permission: "presentation.view", query: topDecksQuery }, ({ actor, query }) => topDecks(actor, query.days, query.limit));
