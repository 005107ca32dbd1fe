// What a route handler says about itself for the API reference: auth mode, permissions and input schemas, kept on
// the handler under a symbol so the OpenAPI document is generated from the code that runs. route() attaches it;
// handlers that do not go through route() (health, the document itself) attach it with describeRoute().
import type { z } from "zod";
import type { PermissionName } from "@/lib/auth/permissions";

export type AuthMode = "required" | "optional" | "public";

export interface RouteDescription {
  auth: AuthMode;
  /** Permissions of which the caller needs one (all of them when `requireAll`). */
  permissions: PermissionName[];
  requireAll: boolean;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  /** The JSON body's byte cap; undefined means the configured default (MAX_JSON_BODY_BYTES). */
  maxBodyBytes?: number;
  /** A short name for the operation; the reference derives one from the method and path when absent. */
  summary?: string;
  /** True when the handler does not go through route() (no session, CSRF or database steps). */
  raw?: boolean;
}

const DESCRIPTION = Symbol.for("narrated-presentations.route-description");

type Described = { [DESCRIPTION]?: RouteDescription };

/** Keeps the description on the handler (non-enumerable) and returns the same handler. */
export function describeRoute<H extends (...args: never[]) => unknown>(handler: H, description: RouteDescription): H {
  Object.defineProperty(handler, DESCRIPTION, { value: description, enumerable: false });
  return handler;
}

export function routeDescriptionOf(handler: unknown): RouteDescription | undefined {
  return typeof handler === "function" ? (handler as Described)[DESCRIPTION] : undefined;
}
