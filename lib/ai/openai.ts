// OpenAI and OpenAI-compatible servers (Ollama, vLLM, LM Studio) through the openai package: settings, the client,
// one time limit per attempt, bounded retries with exponential backoff, and failures turned into ProviderErrors
// that name the provider and never carry the key or the provider's own reply.
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError, APIUserAbortError } from "openai";
import { env, type Env } from "@/lib/env";
import { logger } from "@/lib/log";
import { ProviderError, withoutSecrets, type ProviderFailure } from "./errors";

export interface OpenAISettings {
  /** Absent for servers that need none (a local Ollama). */
  apiKey?: string;
  /** Absent for OpenAI's own API. */
  baseURL?: string;
  model: string;
  /** Time limit of one slide-generation attempt, in milliseconds. */
  timeoutMs: number;
  /** Time limit for an answer to start streaming and for each pause between its pieces, in milliseconds. */
  answerTimeoutMs: number;
  /** Retries after a failed attempt (429, 5xx, timeout, connection failure). */
  maxRetries: number;
}

/** The platform's OpenAI settings from the environment, or null when neither a key nor a base URL is set. */
export function openAISettings(
  source: Pick<Env, "OPENAI_API_KEY" | "OPENAI_BASE_URL" | "OPENAI_MODEL" | "AI_TIMEOUT_MS" | "AI_ANSWER_TIMEOUT_MS" | "AI_MAX_RETRIES"> = env(),
): OpenAISettings | null {
  if (!source.OPENAI_API_KEY && !source.OPENAI_BASE_URL) return null;
  return {
    apiKey: source.OPENAI_API_KEY,
    baseURL: source.OPENAI_BASE_URL,
    model: source.OPENAI_MODEL,
    timeoutMs: source.AI_TIMEOUT_MS,
    answerTimeoutMs: source.AI_ANSWER_TIMEOUT_MS,
    maxRetries: source.AI_MAX_RETRIES,
  };
}

/** The provider's name as shown in errors: OpenAI itself, or a compatible server (its address stays in the logs). */
export function providerName(settings: OpenAISettings): string {
  if (!settings.baseURL) return "OpenAI";
  try {
    return new URL(settings.baseURL).hostname === "api.openai.com" ? "OpenAI" : "OpenAI-compatible server";
  } catch {
    return "OpenAI-compatible server";
  }
}

/** Sent when the server needs no key: the SDK insists on one, and Ollama ignores it. */
const NO_KEY = "no-key";

export function openAIClient(settings: OpenAISettings): OpenAI {
  return new OpenAI({
    apiKey: settings.apiKey ?? NO_KEY,
    baseURL: settings.baseURL,
    // Retries and time limits are ours (withRetries): the SDK's own would sleep for any Retry-After a server sends
    // and stop timing once the headers arrive.
    maxRetries: 0,
    timeout: 24 * 60 * 60 * 1000,
    logLevel: "off",
  });
}

/** Longest Retry-After honoured; a server asking for more gets a quota error at once rather than a hang. */
const MAX_RETRY_WAIT_MS = 20_000;
const BASE_BACKOFF_MS = 500;
const MAX_BACKOFF_MS = 8_000;

function retryAfterMs(error: unknown): number | undefined {
  if (!(error instanceof APIError) || !error.headers) return undefined;
  const milliseconds = Number.parseFloat(error.headers.get("retry-after-ms") ?? "");
  if (Number.isFinite(milliseconds) && milliseconds >= 0) return milliseconds;
  const header = error.headers.get("retry-after");
  if (!header) return undefined;
  const seconds = Number.parseFloat(header);
  if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
  const date = Date.parse(header);
  return Number.isFinite(date) ? Math.max(0, date - Date.now()) : undefined;
}

function isRetryable(error: unknown, timedOut: boolean): boolean {
  if (timedOut || error instanceof APIConnectionError) return true;
  if (error instanceof APIError && typeof error.status === "number") {
    return error.status === 408 || error.status === 409 || error.status === 429 || error.status >= 500;
  }
  return false;
}

function connectionCode(error: unknown): string | undefined {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current; depth += 1) {
    const code = (current as { code?: unknown }).code;
    if (typeof code === "string") return code;
    current = (current as { cause?: unknown }).cause;
  }
  return undefined;
}

function seconds(milliseconds: number): string {
  return milliseconds % 1000 === 0 ? `${milliseconds / 1000} s` : `${(milliseconds / 1000).toFixed(1)} s`;
}

/** A ProviderError for a failed call; `timedOut` says our own time limit ended it. */
export function toProviderError(error: unknown, settings: OpenAISettings, timeoutMs: number, timedOut = false): ProviderError {
  if (error instanceof ProviderError) return error;
  const name = providerName(settings);
  let kind: ProviderFailure;
  let message: string;
  let status: number | undefined;
  if (timedOut || error instanceof APIConnectionTimeoutError) {
    kind = "timeout";
    message = `${name} did not answer within ${seconds(timeoutMs)}.`;
  } else if (error instanceof APIUserAbortError) {
    kind = "failed";
    message = `The request to ${name} was cancelled.`;
  } else if (error instanceof APIConnectionError) {
    kind = "refused";
    const code = connectionCode(error);
    const reason = code === "ECONNREFUSED" ? "connection refused" : code === "ENOTFOUND" || code === "EAI_AGAIN" ? "host not found" : code === "ECONNRESET" ? "connection reset" : "no connection";
    message = `Could not reach ${name} (${reason}).`;
  } else if (error instanceof APIError && typeof error.status === "number") {
    status = error.status;
    const code = typeof error.code === "string" ? error.code : undefined;
    if (status === 401 || status === 403) {
      kind = "auth";
      message = status === 401 ? `${name} rejected the API key (401).` : `${name} refused access with this API key (403).`;
    } else if (status === 429) {
      kind = "quota";
      message =
        code === "insufficient_quota"
          ? `${name}: the account's quota is used up (429).`
          : `${name} is rate limiting requests (429). Please try again in a moment.`;
    } else if (status === 404) {
      kind = "failed";
      message = `${name} does not offer the model "${settings.model}" (404).`;
    } else {
      kind = "failed";
      message = `${name} failed to answer (status ${status}).`;
    }
  } else {
    kind = "failed";
    message = `The request to ${name} failed.`;
  }
  return new ProviderError(name, kind, withoutSecrets(message, [settings.apiKey]), status);
}

function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

/**
 * Runs `attempt` with a time limit per attempt (the signal aborts when it runs out) and retries what is worth
 * retrying (429, 5xx, timeouts, lost connections) up to `settings.maxRetries` times with exponential backoff and
 * jitter, honouring a Retry-After of up to 20 s. Anything else fails at once as a ProviderError.
 */
export async function withRetries<T>(
  settings: OpenAISettings,
  timeoutMs: number,
  operation: string,
  attempt: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  for (let round = 0; ; round += 1) {
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, timeoutMs);
    try {
      return await attempt(controller.signal);
    } catch (error) {
      const failure = toProviderError(error, settings, timeoutMs, timedOut);
      const wait = retryAfterMs(error);
      const retryable = !(error instanceof ProviderError) && isRetryable(error, timedOut) && round < settings.maxRetries;
      const host = settings.baseURL ? new URL(settings.baseURL).host : "api.openai.com";
      if (!retryable || (wait !== undefined && wait > MAX_RETRY_WAIT_MS)) {
        logger.warn({ provider: failure.provider, host, kind: failure.kind, status: failure.providerStatus, operation, attempts: round + 1 }, "AI provider call failed");
        throw failure;
      }
      const backoff = Math.min(MAX_BACKOFF_MS, BASE_BACKOFF_MS * 2 ** round) * (1 - Math.random() * 0.25);
      logger.info({ provider: failure.provider, host, kind: failure.kind, status: failure.providerStatus, operation, attempt: round + 1 }, "AI provider call failed; retrying");
      await sleep(wait ?? backoff);
    } finally {
      clearTimeout(timer);
    }
  }
}
