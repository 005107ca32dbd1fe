// Health of the service: a real round trip to the database.
import { pingDatabase } from "@/db/client";
import { ServiceUnavailable } from "@/lib/errors";

/** The innermost cause of an error: drivers wrap the socket error that says what went wrong. */
function rootMessage(error: unknown): string {
  let current = error;
  while (current instanceof Error && current.cause !== undefined) current = current.cause;
  return current instanceof Error ? current.message : String(current);
}

export async function checkHealth(): Promise<{ status: "ok"; database: "ok" }> {
  try {
    await pingDatabase();
  } catch (error) {
    throw new ServiceUnavailable(`Database unavailable: ${rootMessage(error)}`);
  }
  return { status: "ok", database: "ok" };
}
