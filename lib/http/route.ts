// The one wrapper every /api/v1 route handler goes through: request id, cross-site and body-type checks, actor,
// permission, input parsing, error mapping, the caching rule and a structured access log. Handlers stay thin and
// call one service function.
import { randomUUID } from "node:crypto";
import type { z } from "zod";
import { ensureDatabaseReady } from "@/db/startup";
import { env } from "@/lib/env";
import { logger } from "@/lib/log";
import { countApiRequest } from "@/lib/services/analytics";
import { Forbidden, Unauthorized, ValidationFailed } from "@/lib/errors";
import { hasAnyPermission, type Actor } from "@/lib/auth/actor";
import { resolveActor } from "@/lib/http/resolve-actor";
import type { PermissionName } from "@/lib/auth/permissions";
import { readJsonBody, refuseNonJsonBody } from "./body";
import { refuseCrossSiteRequest } from "./csrf";
import { errorResponse, mapError, zodIssuesToDetail, type InputLocation } from "./errors";
import { describeRoute, type AuthMode } from "./openapi-meta";
import type { PageResult } from "./pagination";

type AnySchema = z.ZodType;
type Infer<S> = S extends AnySchema ? z.infer<S> : undefined;

export interface RouteOptions<B, Q, P, A extends AuthMode> {
  /**
   * "required" (default): 401 without a signed-in user. "optional": the actor may be null (sign-out, session
   * refresh). "public": the route never acts for a signed-in user and does not read the session at all, so a
   * leftover cookie plays no part (sign-in, registration, reset, invitation links).
   */
  auth?: A;
  /** Permissions of which the actor needs at least one (all of them with `requireAll`). */
  permission?: PermissionName | PermissionName[];
  requireAll?: boolean;
  body?: B;
  query?: Q;
  params?: P;
  maxBodyBytes?: number;
  /** A short name for the operation in the API reference (derived from the method and path when absent). */
  summary?: string;
}

export interface RouteContext<B, Q, P, A extends AuthMode> {
  request: Request;
  actor: A extends "public" ? null : A extends "optional" ? Actor | null : Actor;
  body: Infer<B>;
  query: Infer<Q>;
  params: Infer<P>;
  requestId: string;
}

/** What Next.js passes as the second argument of a route handler. */
export interface NextRouteContext {
  params: Promise<Record<string, string | string[] | undefined>>;
}

type Handler<B, Q, P, A extends AuthMode> = (context: RouteContext<B, Q, P, A>) => Promise<unknown> | unknown;

// Path segments that are credentials (invitation and share tokens) never reach the logs.
const SECRET_PATH_SEGMENTS = /(\/invitations\/verify\/|\/presentations\/share\/|\/share\/presentation\/)[^/]+/g;

export function loggablePath(pathname: string): string {
  return pathname.replace(SECRET_PATH_SEGMENTS, "$1[redacted]");
}

const REQUEST_ID_PATTERN = /^[A-Za-z0-9._-]{8,128}$/;

function requestIdOf(request: Request): string {
  const incoming = request.headers.get("x-request-id");
  return incoming && REQUEST_ID_PATTERN.test(incoming) ? incoming : randomUUID();
}

function parse<S extends AnySchema | undefined>(schema: S, input: unknown, location: InputLocation): Infer<S> {
  if (!schema) return undefined as Infer<S>;
  const result = schema.safeParse(input);
  if (!result.success) throw new ValidationFailed(zodIssuesToDetail(result.error.issues, location));
  return result.data as Infer<S>;
}

function queryObject(request: Request): Record<string, string | string[]> {
  const query: Record<string, string | string[]> = {};
  for (const [key, value] of new URL(request.url).searchParams) {
    const existing = query[key];
    query[key] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return query;
}

function checkPermission(actor: Actor, required: PermissionName[], requireAll: boolean) {
  if (required.length === 0) return;
  const allowed = requireAll ? required.every((name) => actor.permissions.has(name)) : hasAnyPermission(actor, required);
  if (!allowed) throw new Forbidden();
}

/**
 * Nothing the API says to a signed-in caller may be kept by a shared cache, nor any error (sign-in and refresh
 * failures included): no-store, unless the handler chose a `private` policy (a stored file the browser may keep
 * and revalidate by its ETag). An anonymous answer keeps a Cache-Control its handler chose, else no-store too.
 */
function applyCachingRule(response: Response, signedIn: boolean, failed: boolean): void {
  const chosen = response.headers.get("Cache-Control");
  const keep = chosen !== null && !failed && (!signedIn || /^\s*private\b/i.test(chosen));
  if (!keep) response.headers.set("Cache-Control", "no-store");
}

function toResponse(result: unknown): Response {
  if (result instanceof Response) return result;
  if (result === undefined) return new Response(null, { status: 204 });
  return Response.json(result);
}

export function route<
  B extends AnySchema | undefined = undefined,
  Q extends AnySchema | undefined = undefined,
  P extends AnySchema | undefined = undefined,
  A extends AuthMode = "required",
>(options: RouteOptions<B, Q, P, A>, handler: Handler<B, Q, P, A>) {
  const required = options.permission === undefined ? [] : [options.permission].flat();
  return describeRoute(handle, {
    auth: options.auth ?? "required",
    permissions: required,
    requireAll: options.requireAll ?? false,
    body: options.body,
    query: options.query,
    params: options.params,
    maxBodyBytes: options.maxBodyBytes,
    summary: options.summary,
  });

  async function handle(request: Request, context?: NextRouteContext): Promise<Response> {
    const requestId = requestIdOf(request);
    const started = performance.now();
    const url = new URL(request.url);
    countApiRequest();
    const readsSession = options.auth !== "public";
    let actor: Actor | null = null;
    let response: Response;
    try {
      // Header checks first: a forged or non-JSON request is refused before the session is used or a byte read.
      refuseCrossSiteRequest(request, { appUrl: env().APP_URL, readsSession });
      if (options.body) refuseNonJsonBody(request);
      await ensureDatabaseReady();
      actor = readsSession ? await resolveActor(request) : null;
      if (!actor && (options.auth ?? "required") === "required") throw new Unauthorized();
      if (actor) checkPermission(actor, required, options.requireAll ?? false);
      else if (required.length > 0) throw new Unauthorized();
      const params = parse(options.params as P, (await context?.params) ?? {}, "path");
      const query = parse(options.query as Q, queryObject(request), "query");
      const body = options.body
        ? parse(options.body as B, await readJsonBody(request, options.maxBodyBytes ?? env().MAX_JSON_BODY_BYTES), "body")
        : (undefined as Infer<B>);
      response = toResponse(
        await handler({ request, actor: actor as RouteContext<B, Q, P, A>["actor"], body, query, params, requestId }),
      );
      response.headers.set("X-Request-Id", requestId);
      applyCachingRule(response, actor !== null, response.status >= 400);
    } catch (error) {
      const mapped = mapError(error);
      if (mapped.unexpected) logger.error({ err: error, requestId, path: loggablePath(url.pathname) }, "request failed");
      response = errorResponse(error, requestId);
      applyCachingRule(response, actor !== null, true);
    }
    logger.info(
      {
        requestId,
        method: request.method,
        path: loggablePath(url.pathname),
        status: response.status,
        durationMs: Math.round(performance.now() - started),
      },
      "request",
    );
    return response;
  }
}

export function created(value: unknown): Response {
  return Response.json(value, { status: 201 });
}

/** A page of a list: the items as a JSON array, the total in X-Total-Count. */
export function paginated<T>(page: PageResult<T>): Response {
  return Response.json(page.items, { headers: { "X-Total-Count": String(page.total) } });
}

/**
 * A page of a list whose items are already JSON text (made by the database, as the user list does): sent as it
 * is, with the headers `paginated` gives. Serialising it again would only cost the server time.
 */
export function paginatedJson(page: { json: string; total: number }): Response {
  return new Response(page.json, { headers: { "Content-Type": "application/json", "X-Total-Count": String(page.total) } });
}
