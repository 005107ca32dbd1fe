import { route } from "@/lib/http/route";
import { changePassword } from "@/lib/services/auth";
import { passwordChangeInput } from "@/lib/validation/auth";

export const POST = route({ body: passwordChangeInput }, ({ actor, body }) =>
  changePassword(actor, body.current_password, body.new_password),
);
