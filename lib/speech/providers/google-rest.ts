// Google Cloud's REST calls, as @google-cloud/text-to-speech and @google-cloud/speech send them in their HTTP mode
// (same paths, JSON bodies, X-Goog-Api-Key header). The clients themselves are not used: in HTTP mode (the only one
// a loopback stand-in can serve without gRPC) they apply no per-call time limit, and aborting their request crashes
// the process with an unhandled stream error (google-gax 5.0.8), so a hung call could not be bounded.
import { ProviderError } from "../errors";
import { ProviderHttpStatus, providerMessage, retryAfterMs } from "../provider-call";

/** Google answers a bad API key with 400 INVALID_ARGUMENT and reason API_KEY_INVALID, not 401. */
function isBadKey(body: string): boolean {
  return /API_KEY_INVALID|API key not valid|API key expired/i.test(body);
}

export async function googlePost<T>(provider: string, url: string, apiKey: string, body: unknown, signal: AbortSignal): Promise<T> {
  const response = await fetch(url, {
    method: "POST",
    headers: { "content-type": "application/json", "x-goog-api-key": apiKey, "x-goog-api-client": "narrated-presentations-rest" },
    body: JSON.stringify(body),
    signal,
    redirect: "error",
  });
  const text = await response.text();
  if (!response.ok) {
    throw new ProviderHttpStatus(response.status, retryAfterMs(response.headers.get("retry-after")), providerMessage(text), isBadKey(text));
  }
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new ProviderError(provider, "malformed", `${provider} answered with something other than JSON.`);
  }
}

export function googleUrl(endpoint: string, path: string): string {
  return `${endpoint.replace(/\/+$/, "")}${path}`;
}
