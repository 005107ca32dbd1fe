// Calls real route handlers the way Next.js does: a Request in, a Response out.
import path from "node:path";
import { CLIENT_IP_HEADER, trustClientIpHeader } from "@/lib/http/client-address.mjs";

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

export interface CallOptions {
  /** A value sent as JSON (Content-Type application/json unless `headers` names another type). */
  body?: unknown;
  /** A body sent as is, e.g. what a cross-site form posts; give its Content-Type in `headers`. */
  rawBody?: string;
  token?: string;
  /** The browser session cookie; such calls say `Sec-Fetch-Site: same-origin` as a browser on the app's own pages does. */
  cookie?: string;
  params?: Record<string, string>;
  query?: Record<string, string>;
  /** The client's address, as the production server (scripts/server.mjs) hands it to the app. */
  ip?: string;
  /** Extra headers; they win over the defaults above, and an empty value removes a default. */
  headers?: Record<string, string>;
}

// In production the server computes the client address from the socket and hands it to the app in this header;
// API tests call the handlers directly, so they stand in for that server.
trustClientIpHeader();

export async function call(handler: Handler, method: string, options: CallOptions = {}): Promise<Response> {
  const url = new URL("http://app.test/api/v1/test");
  for (const [key, value] of Object.entries(options.query ?? {})) url.searchParams.set(key, value);
  const headers = new Headers();
  if (options.body !== undefined) headers.set("content-type", "application/json");
  if (options.token) headers.set("authorization", `Bearer ${options.token}`);
  if (options.cookie) {
    headers.set("cookie", options.cookie);
    headers.set("sec-fetch-site", "same-origin");
  }
  headers.set(CLIENT_IP_HEADER, options.ip ?? "198.51.100.7");
  for (const [name, value] of Object.entries(options.headers ?? {})) {
    if (value === "") headers.delete(name);
    else headers.set(name, value);
  }
  const body = options.rawBody ?? (options.body === undefined ? undefined : JSON.stringify(options.body));
  const request = new Request(url, { method, headers, body });
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
