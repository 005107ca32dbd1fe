// Database errors a service answers as a client error: a unique violation means the request lost a race to
// another one that took the same name or domain between the check and the write.

interface DriverError {
  code?: unknown;
  /** postgres-js */
  constraint_name?: unknown;
  /** PGlite */
  constraint?: unknown;
  cause?: unknown;
}

/** The violated unique constraint of a failed query (drizzle wraps the driver's error as its cause), or null. */
export function uniqueViolation(error: unknown): string | null {
  for (let current = error, depth = 0; current && typeof current === "object" && depth < 5; depth += 1) {
    const candidate = current as DriverError;
    if (candidate.code === "23505") {
      const name = candidate.constraint_name ?? candidate.constraint;
      return typeof name === "string" ? name : "";
    }
    current = candidate.cause;
  }
  return null;
}
