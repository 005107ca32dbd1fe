// The server-action twin of route() (DESIGN.md section 2): the site's plain-submit forms post here, so they work
// before their JavaScript has loaded. One wrapper resolves the actor from the session cookie, refuses forged
// posts, checks the permission, parses the FormData with the same zod schema the REST route uses, calls the same
// service function and answers the same error shape ({detail}) or the result, as useActionState's state.
//
// Cross-site posts: Next.js itself refuses a server action whose Origin header names another host than Host (or
// X-Forwarded-Host) unless serverActions.allowedOrigins lists it, but lets a post WITHOUT an Origin through. The
// session cookie is SameSite=Lax, which a sibling port or subdomain still gets; so the API's own rule
// (lib/http/csrf.ts) applies here as well: the browser must say the post came from the app's own pages
// (Sec-Fetch-Site: same-origin, or an Origin equal to APP_URL's).
import { headers } from "next/headers";
import type { z } from "zod";
import { hasAnyPermission, type Actor } from "@/lib/auth/actor";
import type { PermissionName } from "@/lib/auth/permissions";
import { currentActor } from "@/lib/http/session";
import { env } from "@/lib/env";
import { Forbidden, Unauthorized, ValidationFailed, type ValidationIssue } from "@/lib/errors";
import { logger } from "@/lib/log";
import { refuseCrossSiteRequest } from "./csrf";
import { mapError, zodIssuesToDetail } from "./errors";

/** What the form submitted, as text, to show again after a refusal (a form posted without JavaScript re-renders). */
export type SubmittedFields = Record<string, string | string[]>;

/** useActionState's state: null before the first submit, then the result or the API's error shape. */
export type ActionState<T> =
  | null
  | { ok: true; result: T }
  | { ok: false; status: number; detail: string | ValidationIssue[]; fields: SubmittedFields };

export interface ActionOptions {
  /** Permissions of which the actor needs at least one, as route()'s option. */
  permission: PermissionName | PermissionName[];
  /** Turns the FormData into the schema's input; by default each field's text (a list when it repeats). */
  fromForm?: (form: FormData) => unknown;
}

// React's and Next's own fields of a server-action form post ($ACTION_ID_..., $ACTION_REF_..., $ACTION_KEY).
const FRAMEWORK_FIELD = /^\$ACTION/;

/** The text fields of a form; files are never taken here (uploads go through POST /files/upload). */
export function formFields(form: FormData): SubmittedFields {
  const fields: SubmittedFields = {};
  for (const [name, value] of form.entries()) {
    if (FRAMEWORK_FIELD.test(name) || typeof value !== "string") continue;
    const existing = fields[name];
    fields[name] = existing === undefined ? value : Array.isArray(existing) ? [...existing, value] : [existing, value];
  }
  return fields;
}

/** The headers of the post being handled, as a Request the API's CSRF rule can read. */
async function currentPost(): Promise<Request> {
  return new Request(env().APP_URL, { method: "POST", headers: new Headers(await headers()) });
}

/**
 * A server action for a form: `(previousState, formData) => state`, for useActionState or a form's `action`.
 * `run` is the service function the REST route calls.
 */
export function action<S extends z.ZodType, T>(schema: S, options: ActionOptions, run: (actor: Actor, input: z.output<S>) => Promise<T>) {
  const required = [options.permission].flat();
  return async function serverAction(_previous: ActionState<T>, form: FormData): Promise<ActionState<T>> {
    const fields = formFields(form);
    try {
      // The same checks as route(), in its order: a forged post is refused before the session is used.
      refuseCrossSiteRequest(await currentPost(), { appUrl: env().APP_URL, readsSession: true });
      const actor = await currentActor();
      if (!actor) throw new Unauthorized();
      if (!hasAnyPermission(actor, required)) throw new Forbidden();
      const parsed = schema.safeParse(options.fromForm ? options.fromForm(form) : fields);
      if (!parsed.success) throw new ValidationFailed(zodIssuesToDetail(parsed.error.issues, "body"));
      return { ok: true, result: await run(actor, parsed.data) };
    } catch (error) {
      const mapped = mapError(error);
      if (mapped.unexpected) logger.error({ err: error }, "server action failed");
      return { ok: false, status: mapped.status, detail: mapped.body.detail, fields };
    }
  };
}
