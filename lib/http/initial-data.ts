// The first view of a signed-in page, read on the server straight from the services (no API round trip and no
// fetch after the page loads). Only server components import this module.

/**
 * A service answer in the shape its API route sends (JSON: dates as ISO strings, no undefined), which is the
 * shape the client components read.
 */
export function asApiJson<T>(value: unknown): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/**
 * The service's answer for the first view, or undefined when the service refuses (it checks the actor's
 * permission itself) or fails: the client component then loads it through the API as before, with its loading
 * and error states.
 */
export async function initialFromService<T>(load: () => Promise<unknown>): Promise<T | undefined> {
  try {
    return asApiJson<T>(await load());
  } catch {
    return undefined;
  }
}
