// Schemas of tenant administration (spec section 5: "Tenant create", "Tenant edit").
import { z } from "zod";
import { pageQuery } from "@/lib/http/pagination";
import { emailAddress } from "./auth";
import { charactersOf, type TextKind } from "./text";

/** Required, at least 2 characters after trimming, with "{label} is required" / "{label} must be at least 2 characters". */
const named = (label: string, max = 200, kind: TextKind = "name") =>
  z
    .string({ message: `${label} is required` })
    .trim()
    .check(charactersOf(kind))
    // A blank field is only "required", not also "too short".
    .min(1, { message: `${label} is required`, abort: true })
    .min(2, { message: `${label} must be at least 2 characters` })
    .max(max, { message: `${label} must be at most ${max} characters` });

export const tenantCreateInput = z.object({
  name: named("Tenant name"),
  domain: named("Domain name", 253, "line").pipe(
    z.string().regex(/^[\p{L}\p{N}][\p{L}\p{N}.-]*$/u, { message: "Domain name may contain only letters, digits, dots and hyphens" }),
  ),
  is_active: z.boolean().default(true),
  admin_full_name: named("Admin full name"),
  admin_email: z
    .string({ message: "Admin email is required" })
    .trim()
    .min(1, { message: "Admin email is required" })
    .pipe(emailAddress()),
});

export const tenantUpdateInput = z.object({
  name: z.string().trim().check(charactersOf("name")).min(2, { message: "Name must be at least 2 characters" }).max(200).optional(),
  domain: z.string().trim().check(charactersOf("line")).max(253).optional().nullable(),
  is_active: z.boolean({ message: "is_active must be true or false" }).optional(),
});

export const tenantListQuery = pageQuery.extend({ search: z.string().trim().check(charactersOf("line")).max(200).optional() });
