import { route } from "@/lib/http/route";
import { currentSession, updateProfile } from "@/lib/services/auth";
import { profileUpdateInput } from "@/lib/validation/auth";

export const GET = route({}, ({ actor }) => currentSession(actor));

export const PUT = route({ body: profileUpdateInput }, ({ actor, body }) => updateProfile(actor, body));
