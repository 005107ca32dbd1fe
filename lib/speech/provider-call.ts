// Calls to speech providers: a time limit on every attempt, bounded retries with exponential backoff on 429, 5xx
// and lost connections, and failures turned into ProviderErrors that name the provider and carry no key and no
// provider output (that goes to the log, with the keys removed).
import { setTimeout as sleep } from "node:timers/promises";
import { logger } from "@/lib/log";
import { ProviderError, withoutSecrets, type ProviderFailure } from "./errors";

export interface CallPolicy {
  /** Time limit of one attempt, in milliseconds. */
  timeoutMs: number;
  /** Attempts after the first, for failures worth repeating. */
  maxRetries: number;
  /** First backoff; doubles with each retry (with jitter), capped at 8 s unless the provider asks for longer. */
  baseDelayMs?: number;
}

/** What a provider named `provider` answered with an HTTP error status. */
export class ProviderHttpStatus extends Error {
  constructor(
    public readonly status: number,
    /** From Retry-After, in milliseconds. */
    public readonly retryAfterMs: number | undefined,
    /** The provider's own words (for the log only). */
    public readonly providerMessage: string,
    /** The provider said the key is invalid even though the status is not 401/403 (Google answers 400). */
    public readonly badKey = false,
  ) {
    super(`HTTP ${status}`);
  }
}

/** An attempt that ran out of time: thrown by callProvider's limit, or by an SDK's own time limit. */
export class AttemptTimedOut extends Error {}

const MAX_BACKOFF_MS = 8_000;
/** A Retry-After longer than this is not waited for: the call fails as rate limited instead. */
const MAX_RETRY_AFTER_MS = 20_000;

const CONNECTION_CODES = new Set(["ECONNREFUSED", "ENOTFOUND", "EAI_AGAIN", "EHOSTUNREACH", "ENETUNREACH"]);
const LOST_CONNECTION_CODES = new Set(["ECONNRESET", "EPIPE", "UND_ERR_SOCKET", "ETIMEDOUT", "UND_ERR_CONNECT_TIMEOUT"]);

/** The error code of a network failure, looking through `cause` chains (fetch wraps them). */
export function networkCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string" && /^[A-Z_]+$/.test(code)) return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

export function retryAfterMs(value: string | null | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - Date.now());
}

interface Classified {
  kind: ProviderFailure;
  message: string;
  status?: number;
  retryable: boolean;
  waitMs?: number;
}

function classify(provider: string, error: unknown, policy: CallPolicy): Classified {
  if (error instanceof ProviderError) return { kind: error.kind, message: error.message, status: error.providerStatus, retryable: false };
  if (error instanceof AttemptTimedOut) {
    return { kind: "timeout", message: `${provider} did not answer within ${formatDuration(policy.timeoutMs)}.`, retryable: false };
  }
  if (error instanceof ProviderHttpStatus) {
    const { status } = error;
    if (status === 401 || status === 403 || error.badKey) {
      return { kind: "auth", status, retryable: false, message: `${provider} refused the credentials (HTTP ${status}). Check the key in the plugin settings.` };
    }
    if (status === 429) {
      return {
        kind: "quota",
        status,
        retryable: error.retryAfterMs === undefined || error.retryAfterMs <= MAX_RETRY_AFTER_MS,
        waitMs: error.retryAfterMs,
        message: `${provider} is rate limiting requests or the account's quota is used up (HTTP 429). Please try again later.`,
      };
    }
    if (status >= 500) {
      return { kind: "failed", status, retryable: true, waitMs: error.retryAfterMs, message: `${provider} failed to answer (HTTP ${status}).` };
    }
    return { kind: "failed", status, retryable: false, message: `${provider} refused the request (HTTP ${status}).` };
  }
  const code = networkCode(error);
  if (code && CONNECTION_CODES.has(code)) {
    return { kind: "refused", retryable: false, message: `${provider} could not be reached (${code}).` };
  }
  if (code && LOST_CONNECTION_CODES.has(code)) {
    return { kind: "refused", retryable: true, message: `${provider} closed the connection (${code}).` };
  }
  return { kind: "failed", retryable: false, message: `${provider} failed.` };
}

/** "30 s", "1.5 s", or "250 ms" for limits under a second. */
export function formatDuration(ms: number): string {
  if (ms < 1000) return `${Math.round(ms)} ms`;
  const seconds = ms / 1000;
  return `${Number.isInteger(seconds) ? seconds : seconds.toFixed(1)} s`;
}

function backoffMs(attempt: number, policy: CallPolicy, waitMs: number | undefined): number {
  const base = policy.baseDelayMs ?? 500;
  const exponential = Math.min(MAX_BACKOFF_MS, base * 2 ** attempt);
  const jittered = exponential / 2 + Math.random() * (exponential / 2);
  return Math.max(jittered, waitMs ?? 0);
}

function describe(error: unknown): string {
  if (error instanceof ProviderHttpStatus) return `HTTP ${error.status}: ${error.providerMessage}`;
  if (error instanceof Error) return `${error.name}: ${error.message}`;
  return String(error);
}

/**
 * Runs `attempt` with a fresh time limit each time, retrying what is worth retrying. `attempt` gets an AbortSignal
 * that fires at the time limit; work that ignores it is still cut off (its result is dropped). `secrets` are the
 * keys in play: they are removed from everything logged.
 */
export async function callProvider<T>(
  provider: string,
  policy: CallPolicy,
  secrets: readonly (string | undefined)[],
  attempt: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  for (let attemptIndex = 0; ; attemptIndex += 1) {
    const controller = new AbortController();
    let timer: NodeJS.Timeout | undefined;
    const timedOut = new Promise<never>((_, reject) => {
      timer = setTimeout(() => {
        controller.abort(new AttemptTimedOut());
        reject(new AttemptTimedOut());
      }, policy.timeoutMs);
    });
    const running = attempt(controller.signal);
    // Whichever loses the race must not end as an unhandled rejection.
    running.catch(() => undefined);
    timedOut.catch(() => undefined);
    try {
      return await Promise.race([running, timedOut]);
    } catch (raw) {
      const error = controller.signal.aborted && !(raw instanceof ProviderHttpStatus) ? new AttemptTimedOut() : raw;
      const failure = classify(provider, error, policy);
      const last = !failure.retryable || attemptIndex >= policy.maxRetries;
      logger.warn(
        { provider, attempt: attemptIndex + 1, kind: failure.kind, status: failure.status, willRetry: !last },
        // Keys out before cutting to length: a key cut in two would no longer be found.
        withoutKeyLikeTokens(withoutSecrets(`speech provider call failed: ${describe(error)}`, secrets)).slice(0, 600),
      );
      if (last) throw new ProviderError(provider, failure.kind, failure.message, failure.status);
      await sleep(backoffMs(attemptIndex, policy, failure.waitMs));
    } finally {
      clearTimeout(timer);
    }
  }
}

/**
 * Key-like tokens a provider may echo back, masked or not ("Incorrect API key provided: sk-ab***yz"): blanked in
 * anything logged, beside the exact keys removed by withoutSecrets.
 */
export function withoutKeyLikeTokens(text: string): string {
  return text.replace(/\b(?:sk|pk|rk|key|xi)[-_][A-Za-z0-9*_-][A-Za-z0-9*._-]{2,}[A-Za-z0-9*_-]/gi, "[redacted]");
}

/** The provider's error text from a JSON or text body, for the log (keys are removed by the caller). */
export function providerMessage(body: string): string {
  try {
    const parsed = JSON.parse(body) as Record<string, unknown>;
    const error = parsed.error ?? parsed.detail ?? parsed.message;
    if (typeof error === "string") return error.slice(0, 300);
    if (error && typeof error === "object") {
      const message = (error as Record<string, unknown>).message;
      if (typeof message === "string") return message.slice(0, 300);
    }
  } catch {
    // Not JSON: the text itself.
  }
  return body.slice(0, 300);
}

/**
 * fetch for a provider: throws ProviderHttpStatus for an error status (with the provider's message for the log) and
 * returns the response otherwise. Use inside callProvider.
 */
export async function providerFetch(url: string, init: RequestInit & { signal: AbortSignal }): Promise<Response> {
  const response = await fetch(url, { ...init, redirect: "error" });
  if (!response.ok) {
    const text = await response.text().catch(() => "");
    throw new ProviderHttpStatus(response.status, retryAfterMs(response.headers.get("retry-after")), providerMessage(text));
  }
  return response;
}

/** Reads a body whole, refusing more than `maxBytes` (a provider answering endlessly must not fill the memory). */
export async function readBody(response: Response, maxBytes: number, provider: string): Promise<Uint8Array> {
  const declared = Number(response.headers.get("content-length"));
  if (Number.isFinite(declared) && declared > maxBytes) {
    throw new ProviderError(provider, "malformed", `${provider} answered with more audio than allowed.`);
  }
  if (!response.body) return new Uint8Array(await response.arrayBuffer());
  const chunks: Uint8Array[] = [];
  let total = 0;
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    total += chunk.length;
    if (total > maxBytes) throw new ProviderError(provider, "malformed", `${provider} answered with more audio than allowed.`);
    chunks.push(chunk);
  }
  const joined = new Uint8Array(total);
  let offset = 0;
  for (const chunk of chunks) {
    joined.set(chunk, offset);
    offset += chunk.length;
  }
  return joined;
}
