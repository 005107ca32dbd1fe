// The one browser helper for calling /api/v1 (spec sections 4, 8 and 9): JSON, timeouts, the transport
// messages, and one shared session refresh on 401. The session is an httpOnly cookie; no token is kept in
// script-readable storage (DESIGN.md section 7), so requests simply carry the same-origin cookies.

export const API_BASE = "/api/v1";
export const REQUEST_TIMEOUT_MS = 15_000;
export const PRESENTATION_TIMEOUT_MS = 120_000;

export const NETWORK_ERROR_MESSAGE = "Network error. Please check your internet connection.";
export const TIMEOUT_MESSAGE = "Request timeout. Please try again.";

/** A non-OK answer. The message is the spec's transport text, which the message helper parses. */
export class HttpError extends Error {
  readonly status: number;
  readonly body: string;

  constructor(status: number, body: string) {
    super(`HTTP error! status: ${status}, message: ${body}`);
    this.name = "HttpError";
    this.status = status;
    this.body = body;
  }
}

/** The request never got an answer: no connection, or it was aborted after the timeout. */
export class TransportError extends Error {
  readonly kind: "network" | "timeout";

  constructor(kind: "network" | "timeout") {
    super(kind === "timeout" ? TIMEOUT_MESSAGE : NETWORK_ERROR_MESSAGE);
    this.name = "TransportError";
    this.kind = kind;
  }
}

export type JsonBody = Record<string, unknown> | unknown[];

export interface RequestOptions {
  method?: "GET" | "POST" | "PUT" | "PATCH" | "DELETE";
  /** A JSON value, or FormData for multipart uploads (sent as is). */
  body?: JsonBody | FormData;
  headers?: Record<string, string>;
}

export interface ListPage<T> {
  items: T[];
  total: number;
}

export interface ApiClientOptions {
  fetch?: typeof fetch;
  baseUrl?: string;
  /** The page the browser is on, for the redirect rule when the session cannot be recovered. */
  currentPath?: () => string;
  /** Sends the browser elsewhere; the default does a full navigation so no signed-in state survives. */
  redirect?: (to: string) => void;
}

/** 15 s per request; 120 s when the path contains '/presentations/' (generation and rendering are slow). */
export function timeoutFor(path: string): number {
  return path.includes("/presentations/") ? PRESENTATION_TIMEOUT_MS : REQUEST_TIMEOUT_MS;
}

/** Pages that must stay put when the session is lost: the root, invitation acceptance and password reset. */
export function staysOnSessionLoss(pathname: string): boolean {
  return pathname === "/" || pathname.startsWith("/accept-invitation") || pathname.startsWith("/password-reset");
}

// A 401 from these means wrong credentials or a dead session: refreshing and retrying cannot help.
const NO_REFRESH_PATHS = ["/auth/login", "/auth/refresh"];

function pathOnly(path: string): string {
  return (path.split(/[?#]/)[0] ?? path).replace(/\/+$/, "");
}

function parseBody(response: Response, text: string): unknown {
  if (response.status === 204 || text.trim() === "") return undefined;
  if (!(response.headers.get("content-type") ?? "").includes("json")) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return undefined;
  }
}

export function createApiClient(options: ApiClientOptions = {}) {
  const fetchImpl: typeof fetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const baseUrl = options.baseUrl ?? API_BASE;
  const currentPath = options.currentPath ?? (() => window.location.pathname);
  const redirect = options.redirect ?? ((to: string) => window.location.assign(to));

  let refreshing: Promise<boolean> | null = null;

  /** One round trip under the path's timeout; the body is read inside it, so a stalled body also times out. */
  async function send(path: string, request: RequestOptions): Promise<{ response: Response; text: string }> {
    const headers: Record<string, string> = { Accept: "application/json", ...request.headers };
    let body: BodyInit | undefined;
    if (request.body instanceof FormData) body = request.body;
    else if (request.body !== undefined) {
      headers["Content-Type"] = "application/json";
      body = JSON.stringify(request.body);
    }
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), timeoutFor(path));
    try {
      const response = await fetchImpl(`${baseUrl}${path}`, {
        method: request.method ?? "GET",
        headers,
        body,
        credentials: "same-origin",
        signal: controller.signal,
      });
      return { response, text: await response.text() };
    } catch {
      throw new TransportError(controller.signal.aborted ? "timeout" : "network");
    } finally {
      clearTimeout(timer);
    }
  }

  /** Renews the session cookie; concurrent callers share one attempt. */
  function refreshSession(): Promise<boolean> {
    refreshing ??= send("/auth/refresh", { method: "POST" })
      .then(({ response }) => response.ok)
      .catch(() => false)
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  /** One call with the shared refresh rule; throws HttpError on a non-OK answer. */
  async function exchange(path: string, init: RequestOptions): Promise<{ response: Response; text: string }> {
    let { response, text } = await send(path, init);
    if (response.status === 401 && !NO_REFRESH_PATHS.includes(pathOnly(path))) {
      if (await refreshSession()) {
        ({ response, text } = await send(path, init));
      } else if (!staysOnSessionLoss(currentPath())) {
        redirect("/");
      }
    }
    if (!response.ok) throw new HttpError(response.status, text);
    return { response, text };
  }

  async function request<T = unknown>(path: string, init: RequestOptions = {}): Promise<T> {
    const { response, text } = await exchange(path, init);
    return parseBody(response, text) as T;
  }

  /** A paged list: the array answer and the total of all matching rows from X-Total-Count. */
  async function list<T = unknown>(path: string): Promise<ListPage<T>> {
    const { response, text } = await exchange(path, {});
    const body = parseBody(response, text);
    const items = Array.isArray(body) ? (body as T[]) : [];
    const header = response.headers.get("x-total-count");
    const total = header === null ? Number.NaN : Number(header);
    return { items, total: Number.isFinite(total) ? total : items.length };
  }

  return {
    request,
    list,
    refreshSession,
    get: <T = unknown>(path: string) => request<T>(path),
    post: <T = unknown>(path: string, body?: JsonBody | FormData) => request<T>(path, { method: "POST", body }),
    put: <T = unknown>(path: string, body?: JsonBody | FormData) => request<T>(path, { method: "PUT", body }),
    patch: <T = unknown>(path: string, body?: JsonBody | FormData) => request<T>(path, { method: "PATCH", body }),
    delete: <T = unknown>(path: string) => request<T>(path, { method: "DELETE" }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

/** The browser's client. Import this in client components; never call fetch for /api/v1 directly. */
export const api: ApiClient = createApiClient();
