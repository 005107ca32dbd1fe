import { route } from "@/lib/http/route";
import { deleteUser, getUser, updateUser } from "@/lib/services/users";
import { idParams } from "@/lib/validation/common";
import { userUpdateInput } from "@/lib/validation/users";

export const GET = route({ permission: "user.view", params: idParams }, ({ actor, params }) => getUser(actor, params.id));

export const PUT = route({ permission: "user.update", params: idParams, body: userUpdateInput }, ({ actor, params, body }) =>
  updateUser(actor, params.id, body),
);

export const DELETE = route({ permission: "user.update", params: idParams }, ({ actor, params }) => deleteUser(actor, params.id));
