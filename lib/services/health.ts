// Health of the service: a real round trip to the database.
import { pingDatabase } from "@/db/client";
import { ServiceUnavailable } from "@/lib/errors";

export async function checkHealth(): Promise<{ status: "ok"; database: "ok" }> {
  try {
    await pingDatabase();
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    throw new ServiceUnavailable(`Database unavailable: ${reason}`);
  }
  return { status: "ok", database: "ok" };
}
