// Password hashing with argon2id (OWASP parameters: 19 MiB, 2 iterations, 1 lane).
import argon2 from "argon2";

const OWASP = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;
/**
 * Under test only (NODE_ENV=test: vitest's unit and API tests) the smallest cost, so the suites' thousands of sign-ins
 * and registrations do not each spend 19 MiB and two passes. A hash records its own parameters, so it verifies
 * either way. Production and development builds, and the end-to-end and resilience suites (production builds), use
 * the OWASP parameters.
 */
const UNDER_TEST = { type: argon2.argon2id, memoryCost: 1_024, timeCost: 1, parallelism: 1 } as const;

/** The argon2id parameters for a process running as `nodeEnv`. */
export function passwordHashOptions(nodeEnv: string | undefined) {
  return nodeEnv === "test" ? UNDER_TEST : OWASP;
}

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, passwordHashOptions(process.env.NODE_ENV));
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}
