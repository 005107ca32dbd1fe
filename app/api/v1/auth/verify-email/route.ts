import { route } from "@/lib/http/route";
import { verifyEmail } from "@/lib/services/auth";
import { tokenInput } from "@/lib/validation/auth";

export const POST = route({ auth: "public", body: tokenInput }, ({ body }) => verifyEmail(body.token));
