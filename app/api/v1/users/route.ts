import { created, paginatedJson, route } from "@/lib/http/route";
import { createUser, listUsersJson } from "@/lib/services/users";
import { userCreateInput, userListQuery } from "@/lib/validation/users";

export const GET = route({ permission: "user.view", query: userListQuery }, async ({ actor, query }) =>
  paginatedJson(await listUsersJson(actor, query)),
);

export const POST = route({ permission: "user.create", body: userCreateInput }, async ({ actor, body }) =>
  created(await createUser(actor, body)),
);
