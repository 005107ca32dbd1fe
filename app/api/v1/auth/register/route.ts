import { created, route } from "@/lib/http/route";
import { requestMeta } from "@/lib/http/meta";
import { register } from "@/lib/services/auth";
import { registerInput } from "@/lib/validation/auth";

export const POST = route({ auth: "public", body: registerInput }, async ({ request, body }) =>
  created(await register(body, requestMeta(request))),
);
