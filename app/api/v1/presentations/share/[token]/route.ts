import { route } from "@/lib/http/route";
import { getSharedPresentation } from "@/lib/services/sharing";
import { shareTokenParams } from "@/lib/validation/sharing";

// The shared presentation for anyone holding a live link; no sign-in, and a session plays no part.
export const GET = route({ auth: "public", params: shareTokenParams }, ({ params }) => getSharedPresentation(params.token));
