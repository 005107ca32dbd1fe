// Schemas of projects (spec section 5, "Project"): shared by the REST routes, the server actions and the forms.
// Messages are the spec's, verbatim.
import { z } from "zod";
import { pageQuery } from "@/lib/http/pagination";
import { PROJECT_DESCRIPTION_MAX, PROJECT_MESSAGES, PROJECT_NAME_MAX } from "./content-rules";
import { charactersOf } from "./text";

export { PROJECT_DESCRIPTION_MAX, PROJECT_MESSAGES, PROJECT_NAME_MAX } from "./content-rules";

const name = z
  .string({ message: PROJECT_MESSAGES.nameRequired })
  .trim()
  .check(charactersOf("name"))
  .min(1, { message: PROJECT_MESSAGES.nameRequired })
  .max(PROJECT_NAME_MAX, { message: `Project name must be at most ${PROJECT_NAME_MAX} characters` });

const descriptionText = z
  .string()
  .trim()
  .check(charactersOf("multiline"))
  .max(PROJECT_DESCRIPTION_MAX, { message: `Description must be at most ${PROJECT_DESCRIPTION_MAX} characters` })
  .nullable();

/** Optional; trimmed, and a blank description is stored as none. */
const description = descriptionText.optional().transform((value) => (value ? value : null));

export const projectCreateInput = z.object({
  name,
  description,
  /** A super admin may create a project in another tenant; anyone else's own tenant is used. */
  tenant_id: z.uuid({ message: "Invalid tenant id" }).optional(),
});
export type ProjectCreateInput = z.infer<typeof projectCreateInput>;

/** PUT /projects/{id} {name, description}, as the spec sends them; a missing description keeps the old one. */
export const projectUpdateInput = z.object({
  name,
  description: descriptionText.optional().transform((value) => (value === undefined ? undefined : value ? value : null)),
});
export type ProjectUpdateInput = z.infer<typeof projectUpdateInput>;

/** The edit form's payload: the project's id travels with the fields (a hidden input). */
export const projectEditForm = projectUpdateInput.extend({ id: z.uuid({ message: "Invalid id" }) });

export const projectListQuery = pageQuery.extend({
  search: z.string().trim().check(charactersOf("line")).max(200).optional(),
  tenant_id: z.uuid({ message: "Invalid tenant id" }).optional(),
});
export type ProjectListQuery = z.infer<typeof projectListQuery>;
