import { z } from "zod";

const name = z.string({ message: "Role name is required" }).trim().min(2, { message: "Role name must be at least 2 characters" }).max(100);

export const roleCreateInput = z.object({
  name,
  description: z.string().trim().max(500).optional().nullable(),
  tenant_id: z.uuid().optional().nullable(),
  permissions: z.array(z.string().min(1).max(100)).max(100).optional(),
});

export const roleUpdateInput = z.object({ name: name.optional(), description: z.string().trim().max(500).optional().nullable() });
