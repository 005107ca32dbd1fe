// Failures of external AI and speech providers, as errors whose text is safe to show: they name the provider and
// say what went wrong, and never carry a key, a provider's raw reply or the material sent.
import { AppError } from "@/lib/errors";

export type ProviderFailure =
  /** The provider refused the credentials (401, 403). */
  | "auth"
  /** Rate limited or the account's quota is used up (429). */
  | "quota"
  /** No answer (or no further streamed piece) within the time limit. */
  | "timeout"
  /** The provider could not be reached: connection refused, reset, or the host is unknown. */
  | "refused"
  /** The provider answered, but not with what was asked for (invalid JSON, wrong shape). */
  | "malformed"
  /** Any other failure: a 4xx refusing the request, a 5xx, an interrupted stream. */
  | "failed";

/** HTTP status the API answers with when a provider failure ends a request. */
const STATUS: Record<ProviderFailure, number> = {
  auth: 502,
  quota: 503,
  timeout: 504,
  refused: 502,
  malformed: 502,
  failed: 502,
};

export class ProviderError extends AppError {
  constructor(
    /** Provider name as users know it, e.g. "OpenAI" or "OpenAI-compatible server". */
    public readonly provider: string,
    public readonly kind: ProviderFailure,
    /** Shown to users: must not contain secrets or provider output. */
    message: string,
    /** HTTP status the provider answered with, when it answered. */
    public readonly providerStatus?: number,
  ) {
    super(STATUS[kind], message);
  }
}

/** Removes every occurrence of the given secrets from a text (a last guard before anything is shown or logged). */
export function withoutSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let result = text;
  for (const secret of secrets) {
    // Very short values would blank ordinary words; no real key is that short.
    if (secret && secret.length >= 6) result = result.split(secret).join("[redacted]");
  }
  return result;
}
