import { z } from "zod";
import { charactersOf } from "./text";

const name = z
  .string({ message: "Role name is required" })
  .trim()
  .check(charactersOf("name"))
  .min(2, { message: "Role name must be at least 2 characters" }).max(100);

const description = z.string().trim().check(charactersOf("multiline")).max(500).optional().nullable();

export const roleCreateInput = z.object({
  name,
  description,
  tenant_id: z.uuid().optional().nullable(),
  permissions: z.array(z.string().check(charactersOf("line")).min(1).max(100)).max(100).optional(),
});

export const roleUpdateInput = z.object({ name: name.optional(), description });
