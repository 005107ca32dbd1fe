import { z } from "zod";
import { pageQuery } from "@/lib/http/pagination";

export const idParams = z.object({ id: z.uuid({ message: "Invalid id" }) });

export const tenantQuery = z.object({ tenant_id: z.uuid({ message: "Invalid tenant id" }).optional() });

export const pagedTenantQuery = pageQuery.extend(tenantQuery.shape);
