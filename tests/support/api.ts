// Calls real route handlers the way Next.js does: a Request in, a Response out.
import path from "node:path";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface CallOptions {
  body?: unknown;
  token?: string;
  cookie?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  ip?: string;
  headers?: Record<string, string>;
}

export async function call(handler: Handler, method: string, options: CallOptions = {}): Promise<Response> {
  const url = new URL("http://app.test/api/v1/test");
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const headers = new Headers(options.headers);
  if (options.body !== undefined) headers.set("content-type", "application/json");
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.cookie) headers.set("cookie", options.cookie);
  headers.set("x-forwarded-for", options.ip ?? "198.51.100.7");
  const request = new Request(url, {
    method,
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  return handler(request, { params: Promise.resolve(options.params ?? {}) });
}

export async function json<T = Record<string, unknown>>(response: Response): Promise<T> {
  return (await response.json()) as T;
}

export function outbox(): string {
  return path.resolve(process.env.DATA_DIR ?? ".data", "outbox");
}

/** "name=value" of a Set-Cookie header, for sending back as a Cookie header. */
export function cookieOf(response: Response): string {
  const setCookie = response.headers.get("set-cookie") ?? "";
  return setCookie.split(";")[0] ?? "";
}
