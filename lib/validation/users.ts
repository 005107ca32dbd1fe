// Schemas of user administration (spec section 5, "User form") and per-user permission overrides.
import { z } from "zod";
import { pageQuery } from "@/lib/http/pagination";
import { emailAddress, MESSAGES } from "./auth";
import { charactersOf } from "./text";

export const ROLE_KEYS = ["user", "tenant_admin", "super_admin"] as const;

const fullName = z.string().trim().check(charactersOf("name")).min(2, { message: MESSAGES.fullName }).max(200);
const phone = z.string().trim().check(charactersOf("line")).max(40);
const address = z.string().trim().check(charactersOf("multiline")).max(500);
const password = z
  .string()
  .check(charactersOf("password"))
  .min(8, { message: MESSAGES.password })
  .max(256, { message: "Password must be at most 256 characters" });

export const userCreateInput = z.object({
  email: z.string().trim().max(254).pipe(emailAddress()),
  full_name: fullName.optional().nullable(),
  password,
  role: z.enum(ROLE_KEYS, { message: "Role must be one of user, tenant_admin, super_admin" }).default("user"),
  is_active: z.boolean().default(true),
  tenant_id: z.uuid().optional(),
  phone: phone.optional().nullable(),
  address: address.optional().nullable(),
});

export const userUpdateInput = z.object({
  email: z.string().trim().max(254).pipe(emailAddress()).optional(),
  full_name: fullName.optional().nullable(),
  /** Blank keeps the current password. */
  password: z.union([z.literal(""), password]).optional().nullable(),
  role: z.enum(ROLE_KEYS, { message: "Role must be one of user, tenant_admin, super_admin" }).optional(),
  is_active: z.boolean().optional(),
  tenant_id: z.uuid().optional(),
  phone: phone.optional().nullable(),
  address: address.optional().nullable(),
  /** Needed to change one's own e-mail address: a borrowed session must not move the account elsewhere. */
  current_password: z.string().check(charactersOf("secret")).max(256).optional(),
});

export const userListQuery = pageQuery.extend({
  tenant_id: z.uuid().optional(),
  search: z.string().trim().check(charactersOf("line")).max(200).optional(),
  role: z.enum(["all", ...ROLE_KEYS]).default("all"),
  status: z.enum(["all", "active", "inactive", "invited"]).default("all"),
});

export const permissionOverrideInput = z.object({
  permission_name: z
    .string({ message: "A permission must be selected" })
    .trim()
    .check(charactersOf("line"))
    .min(1, { message: "A permission must be selected" })
    .max(100),
  granted: z.boolean().optional(),
  resource: z.string().trim().check(charactersOf("line")).max(200).optional().nullable(),
});

export const overrideDeleteQuery = z.object({ resource: z.string().trim().check(charactersOf("line")).max(200).optional() });
