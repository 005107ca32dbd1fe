// A loopback stand-in of an OpenAI-compatible HTTP API, so the OpenAI paths are tested without network. It checks
// what the openai SDK sends (the bearer key, JSON bodies of the documented shape), records every request, and
// answers with replies the test queues per endpoint: JSON completions (structured output included), SSE streams,
// errors with headers (429 with retry-after), slow or hanging replies for time limits, dropped connections.
//
// Emulated: POST {baseURL}/chat/completions (with and without "stream": true). Other endpoints are added with
// route(), e.g. /audio/speech or /audio/transcriptions for speech tests; their requests arrive with the raw body
// (multipart included) and, for JSON, the parsed body.
import { createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { z } from "zod";

export interface StandInRequest {
  method: string;
  /** Path below the base URL, without the query: "/chat/completions". */
  path: string;
  query: URLSearchParams;
  headers: IncomingHttpHeaders;
  body: Buffer;
  /** The parsed body of a JSON request; undefined otherwise. */
  json: unknown;
}

export type StandInReply =
  /** A JSON answer (any status). */
  | { kind: "json"; status?: number; body: unknown; headers?: Record<string, string>; delayMs?: number }
  /** Server-sent events: each event's JSON as a `data:` line, then `data: [DONE]` unless stalled. */
  | { kind: "sse"; events: unknown[]; headers?: Record<string, string>; delayMs?: number; gapMs?: number; stallAfter?: number }
  /** Any bytes with a content type (audio, plain text). */
  | { kind: "raw"; status?: number; body: Buffer | string; contentType: string; headers?: Record<string, string>; delayMs?: number }
  /** Never answers (until the client gives up or the stand-in closes). */
  | { kind: "hang" }
  /** Drops the connection without an answer. */
  | { kind: "drop" };

export type StandInHandler = (request: StandInRequest) => StandInReply | Promise<StandInReply>;

/** Returns the problems with a request's shape (empty when fine); a request with problems gets a 400. */
export type StandInValidator = (request: StandInRequest) => string[];

export interface OpenAIStandIn {
  /** For the SDK's baseURL / OPENAI_BASE_URL: "http://127.0.0.1:<port>/v1". */
  baseURL: string;
  /** The key the stand-in accepts as "Authorization: Bearer <key>". */
  apiKey: string;
  /** Every request, in order (refused ones too). */
  requests: StandInRequest[];
  /** Shape problems found in requests, as "POST /chat/completions: <problem>". */
  shapeErrors: string[];
  /** Queues replies for a path; each request to it takes the next, and the route's handler answers when none is left. */
  enqueue(path: string, ...replies: StandInReply[]): void;
  /** Sets the default handler (and optionally a shape check) for a path. */
  route(path: string, handler: StandInHandler, validate?: StandInValidator): void;
  /** Forgets recorded requests, shape errors and replies still queued (between tests). */
  reset(): void;
  close(): Promise<void>;
}

let sequence = 0;

/** A chat completion whose message content is `content` (for structured output: the JSON text). */
export function completion(content: string, options: { model?: string; finishReason?: string; refusal?: string } = {}): StandInReply {
  sequence += 1;
  return {
    kind: "json",
    body: {
      id: `chatcmpl-standin-${sequence}`,
      object: "chat.completion",
      created: Math.floor(Date.now() / 1000),
      model: options.model ?? "standin-model",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: options.refusal ? null : content, refusal: options.refusal ?? null },
          finish_reason: options.finishReason ?? "stop",
          logprobs: null,
        },
      ],
      usage: { prompt_tokens: 10, completion_tokens: 10, total_tokens: 20 },
    },
  };
}

/** A streamed chat completion delivering `pieces` in order. */
export function completionStream(pieces: string[], options: { gapMs?: number; stallAfter?: number; model?: string } = {}): StandInReply {
  sequence += 1;
  const base = { id: `chatcmpl-standin-${sequence}`, object: "chat.completion.chunk", created: Math.floor(Date.now() / 1000), model: options.model ?? "standin-model" };
  const events = [
    { ...base, choices: [{ index: 0, delta: { role: "assistant", content: "" }, finish_reason: null }] },
    ...pieces.map((content) => ({ ...base, choices: [{ index: 0, delta: { content }, finish_reason: null }] })),
    { ...base, choices: [{ index: 0, delta: {}, finish_reason: "stop" }] },
  ];
  return { kind: "sse", events, gapMs: options.gapMs, stallAfter: options.stallAfter };
}

/** An error in OpenAI's shape: {"error": {message, type, param, code}}. */
export function apiError(
  status: number,
  message: string,
  options: { type?: string; code?: string | null; headers?: Record<string, string>; delayMs?: number } = {},
): StandInReply {
  return {
    kind: "json",
    status,
    headers: options.headers,
    delayMs: options.delayMs,
    body: { error: { message, type: options.type ?? "invalid_request_error", param: null, code: options.code ?? null } },
  };
}

/** Waits before a reply: `reply` after `ms` milliseconds. */
export function delayed(ms: number, reply: StandInReply): StandInReply {
  return reply.kind === "hang" || reply.kind === "drop" ? reply : { ...reply, delayMs: ms };
}

const message = z.object({
  role: z.enum(["system", "developer", "user", "assistant", "tool"]),
  content: z.union([z.string(), z.array(z.record(z.string(), z.unknown())), z.null()]),
});

const chatRequest = z.object({
  model: z.string().min(1),
  messages: z.array(message).min(1),
  stream: z.boolean().optional(),
  response_format: z
    .union([
      z.object({ type: z.literal("text") }),
      z.object({ type: z.literal("json_object") }),
      z.object({
        type: z.literal("json_schema"),
        json_schema: z.object({
          name: z.string().regex(/^[a-zA-Z0-9_-]{1,64}$/),
          schema: z.record(z.string(), z.unknown()),
          strict: z.boolean().optional(),
          description: z.string().optional(),
        }),
      }),
    ])
    .optional(),
});

/** The documented shape of POST /chat/completions (the fields this project sends, checked strictly where it matters). */
export function validateChatRequest(request: StandInRequest): string[] {
  if (!String(request.headers["content-type"] ?? "").startsWith("application/json")) return ["content-type is not application/json"];
  const parsed = chatRequest.safeParse(request.json);
  if (!parsed.success) return parsed.error.issues.map((issue) => `${issue.path.join(".") || "body"}: ${issue.message}`);
  return [];
}

function maskedKey(key: string): string {
  return key.length > 8 ? `${key.slice(0, 3)}${"*".repeat(4)}${key.slice(-4)}` : "****";
}

export async function startOpenAIStandIn(options: { apiKey?: string } = {}): Promise<OpenAIStandIn> {
  const apiKey = options.apiKey ?? `sk-standin-${Math.random().toString(36).slice(2)}${Date.now().toString(36)}`;
  const requests: StandInRequest[] = [];
  const shapeErrors: string[] = [];
  const queues = new Map<string, StandInReply[]>();
  const routes = new Map<string, { handler: StandInHandler; validate?: StandInValidator }>();
  const timers = new Set<NodeJS.Timeout>();
  routes.set("/chat/completions", {
    handler: () => apiError(500, "stand-in: no reply queued for POST /chat/completions", { type: "server_error" }),
    validate: validateChatRequest,
  });

  const wait = (ms: number, response: ServerResponse) =>
    new Promise<boolean>((resolve) => {
      if (!ms) return resolve(!response.destroyed);
      const timer = setTimeout(() => {
        timers.delete(timer);
        resolve(!response.destroyed);
      }, ms);
      timers.add(timer);
      response.on("close", () => {
        clearTimeout(timer);
        timers.delete(timer);
        resolve(false);
      });
    });

  async function send(reply: StandInReply, response: ServerResponse): Promise<void> {
    if (reply.kind === "hang") return;
    if (reply.kind === "drop") {
      response.socket?.destroy();
      return;
    }
    if (!(await wait(reply.delayMs ?? 0, response))) return;
    if (reply.kind === "json") {
      response.writeHead(reply.status ?? 200, { "content-type": "application/json", ...reply.headers }).end(JSON.stringify(reply.body));
      return;
    }
    if (reply.kind === "raw") {
      response.writeHead(reply.status ?? 200, { "content-type": reply.contentType, ...reply.headers }).end(reply.body);
      return;
    }
    response.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache", connection: "keep-alive", ...reply.headers });
    for (const [position, event] of reply.events.entries()) {
      if (reply.stallAfter !== undefined && position >= reply.stallAfter) return; // left open, sending nothing more
      if (position > 0 && !(await wait(reply.gapMs ?? 0, response))) return;
      if (response.destroyed) return;
      response.write(`data: ${JSON.stringify(event)}\n\n`);
    }
    response.end("data: [DONE]\n\n");
  }

  async function handle(request: IncomingMessage, response: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const body = Buffer.concat(chunks);
    const url = new URL(request.url ?? "/", "http://standin.local");
    const path = url.pathname.replace(/^\/v1(?=\/)/, "");
    let json: unknown;
    if (String(request.headers["content-type"] ?? "").startsWith("application/json")) {
      try {
        json = JSON.parse(body.toString("utf8"));
      } catch {
        json = undefined;
      }
    }
    const recorded: StandInRequest = { method: request.method ?? "GET", path, query: url.searchParams, headers: request.headers, body, json };
    requests.push(recorded);
    const authorization = request.headers.authorization ?? "";
    if (authorization !== `Bearer ${apiKey}`) {
      // As OpenAI does: the message quotes part of the key that was sent, which the client must never pass on.
      const sent = authorization.replace(/^Bearer\s+/i, "");
      await send(apiError(401, `Incorrect API key provided: ${maskedKey(sent)}. You can find your API key at https://platform.openai.com/account/api-keys.`, { code: "invalid_api_key" }), response);
      return;
    }
    const route = routes.get(path);
    if (!route || request.method !== "POST") {
      await send(apiError(404, `stand-in: no route for ${request.method} ${path}`), response);
      return;
    }
    const problems = route.validate?.(recorded) ?? [];
    if (problems.length > 0) {
      shapeErrors.push(...problems.map((problem) => `${recorded.method} ${path}: ${problem}`));
      await send(apiError(400, problems.join("; ")), response);
      return;
    }
    const queued = queues.get(path)?.shift();
    await send(queued ?? (await route.handler(recorded)), response);
  }

  const server: Server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      if (!response.headersSent) response.writeHead(500, { "content-type": "text/plain" });
      response.end(`stand-in failure: ${error instanceof Error ? error.message : String(error)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    baseURL: `http://127.0.0.1:${port}/v1`,
    apiKey,
    requests,
    shapeErrors,
    enqueue(path, ...replies) {
      queues.set(path, [...(queues.get(path) ?? []), ...replies]);
    },
    route(path, handler, validate) {
      routes.set(path, { handler, validate });
    },
    reset() {
      requests.length = 0;
      shapeErrors.length = 0;
      queues.clear();
    },
    async close() {
      for (const timer of timers) clearTimeout(timer);
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
