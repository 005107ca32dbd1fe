// The API as a client over HTTP sees it (base path /api/v1): JSON calls, multipart uploads, sign-in, and the
// account and content set-up the suite needs (a tenant with its admin made by the seeded super admin, a project,
// blogs with uploaded sources, decks), in the shapes of spec section 7 and the existing tests.
import { SUPER_ADMIN } from "./server";

export interface Reply {
  status: number;
  headers: Headers;
  text: string;
  /** The parsed JSON body, or undefined when it is not JSON. */
  body: unknown;
  /** body as an object (for reading fields). */
  json: Record<string, unknown>;
}

export interface CallOptions {
  token?: string;
  body?: unknown;
  form?: FormData;
  query?: Record<string, string | number>;
  timeoutMs?: number;
  /** Read the body as bytes (a file download): `text` then says how many. */
  binary?: boolean;
  /** Further request headers (a browser's user-agent, say). */
  headers?: Record<string, string>;
}

export async function callApi(base: string, method: string, pathname: string, options: CallOptions = {}): Promise<Reply> {
  const url = new URL(`/api/v1${pathname}`, base);
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, String(value));
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  let body: BodyInit | undefined;
  if (options.form) body = options.form;
  else if (options.body !== undefined) {
    headers["content-type"] = "application/json";
    body = JSON.stringify(options.body);
  }
  const response = await fetch(url, { method, headers, body, signal: AbortSignal.timeout(options.timeoutMs ?? 180_000) });
  const text = options.binary && response.ok ? `${(await response.arrayBuffer()).byteLength} bytes` : await response.text();
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    parsed = undefined;
  }
  const json = parsed && typeof parsed === "object" ? (parsed as Record<string, unknown>) : {};
  return { status: response.status, headers: response.headers, text, body: parsed, json };
}

/** A call that must succeed (2xx); fails with the status and body otherwise. */
export async function ok(base: string, method: string, pathname: string, options: CallOptions = {}): Promise<Record<string, unknown>> {
  const reply = await callApi(base, method, pathname, options);
  if (reply.status < 200 || reply.status >= 300) throw new Error(`${method} ${pathname}: ${reply.status} ${reply.text.slice(0, 1000)}`);
  return reply.json;
}

export async function signIn(base: string, email: string, password: string): Promise<string> {
  const reply = await ok(base, "POST", "/auth/login", { body: { email, password } });
  return String(reply.access_token);
}

let sequence = 0;
function stamp(): string {
  sequence += 1;
  return `${Date.now().toString(36)}${sequence}`;
}

export interface Tenant {
  tenantId: string;
  /** The tenant admin's bearer token. */
  token: string;
  email: string;
  password: string;
}

/** A tenant made by the super admin, with a tenant admin signed in. */
export async function newTenant(base: string, label: string): Promise<Tenant> {
  const id = stamp();
  const superToken = await signIn(base, SUPER_ADMIN.email, SUPER_ADMIN.password);
  const tenant = await ok(base, "POST", "/tenants/", {
    token: superToken,
    body: { name: `${label} ${id}`, domain: `${label.toLowerCase().replace(/[^a-z0-9]+/g, "-")}-${id}`, is_active: true, admin_full_name: "Owner", admin_email: `owner-${id}@resilience.test` },
  });
  const email = `admin-${id}@resilience.test`;
  const password = `Pass-${id}-admin!`;
  await ok(base, "POST", "/users", {
    token: superToken,
    body: { email, full_name: `${label} Admin`, password, role: "tenant_admin", tenant_id: tenant.id, is_active: true },
  });
  return { tenantId: String(tenant.id), token: await signIn(base, email, password), email, password };
}

export async function newProject(base: string, token: string, name: string): Promise<string> {
  const project = await ok(base, "POST", "/projects/", { token, body: { name, description: "Resilience suite" } });
  return String(project.id);
}

/** POST /files/upload multipart {file, folder}; answers the reply as it comes (the caller checks the status). */
export async function uploadReply(base: string, token: string, folder: string, bytes: Uint8Array, name: string, timeoutMs?: number): Promise<Reply> {
  const form = new FormData();
  form.set("folder", folder);
  form.set("file", new Blob([Buffer.from(bytes)]), name);
  return callApi(base, "POST", "/files/upload", { token, form, timeoutMs });
}

/** An upload that must succeed; answers its storage key (s3_path). */
export async function upload(base: string, token: string, folder: string, bytes: Uint8Array, name: string): Promise<string> {
  const reply = await uploadReply(base, token, folder, bytes, name);
  if (reply.status !== 201) throw new Error(`upload of ${name} to ${folder}: ${reply.status} ${reply.text.slice(0, 500)}`);
  return String(reply.json.s3_path);
}

/** POST /blogs/; answers the blog's id. */
export async function newBlog(base: string, token: string, projectId: string, fields: Record<string, unknown>): Promise<string> {
  const blog = await ok(base, "POST", "/blogs/", {
    token,
    body: {
      project_id: projectId,
      blog_title: "Resilience blog",
      blog_author: "Ada Writer",
      blog_email: "ada@writers.test",
      main_text: "https://example.com/article",
      is_website: true,
      website_links: [],
      content_blocks: [],
      uploaded_files: [],
      ...fields,
    },
  });
  return String(blog.blog_id ?? blog.id);
}

export interface SlideIn {
  slide_title: string;
  body: string;
  slide_content: string;
  image_path?: string | null;
}

/** POST /presentations/ for a manual (or imported) deck; answers the presentation's id. */
export async function newDeck(base: string, token: string, blogId: string, slides: SlideIn[], template = "manual", extra: Record<string, unknown> = {}): Promise<string> {
  const created = await ok(base, "POST", "/presentations/", {
    token,
    body: {
      blog_id: blogId,
      template,
      ...(template === "manual" ? { generation_method: "manual" } : {}),
      slides: slides.map((slide, index) => ({ slide_number: index + 1, ...slide })),
      ...extra,
    },
  });
  return String(created.presentation_id ?? created.id);
}

/** Polls `check` every 500 ms until it answers a value (not undefined), for at most `timeoutMs`. */
export async function until<T>(what: string, check: () => Promise<T | undefined>, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  while (Date.now() < deadline) {
    try {
      const value = await check();
      if (value !== undefined) return value;
    } catch (error) {
      last = error;
    }
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error(`timed out waiting for ${what}${last ? ` (last error: ${String(last)})` : ""}`);
}
