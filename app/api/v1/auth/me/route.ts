import { route } from "@/lib/http/route";
import { currentSession } from "@/lib/services/auth";

export const GET = route({}, ({ actor }) => currentSession(actor));
