import { clientIp } from "@/lib/auth/rate-limit";
import type { RequestMeta } from "@/lib/services/auth";

/** What services need to know about the caller's connection (abuse limits, session labels). */
export function requestMeta(request: Request): RequestMeta {
  return { ip: clientIp(request), userAgent: request.headers.get("user-agent") };
}
