import { route } from "@/lib/http/route";
import { resetPassword } from "@/lib/services/auth";
import { passwordResetInput } from "@/lib/validation/auth";

export const POST = route({ auth: "public", body: passwordResetInput }, ({ body }) =>
  resetPassword(body.token, body.new_password),
);
