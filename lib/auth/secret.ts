// The application secret and the keys derived from it (HKDF), one per purpose.
import { createHmac, createSecretKey, hkdfSync, randomBytes, type KeyObject } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { env } from "@/lib/env";

const globalForSecret = globalThis as unknown as { appSecret?: string };

/** APP_SECRET, or a random secret generated once and kept (mode 0600) in DATA_DIR for embedded installs. */
export function appSecret(): string {
  if (globalForSecret.appSecret) return globalForSecret.appSecret;
  let secret = env().APP_SECRET;
  if (!secret) {
    const file = path.resolve(env().DATA_DIR, "app-secret");
    if (existsSync(file)) {
      secret = readFileSync(file, "utf8").trim();
    } else {
      mkdirSync(path.dirname(file), { recursive: true });
      secret = randomBytes(48).toString("base64url");
      writeFileSync(file, secret, { mode: 0o600, flag: "wx" });
      chmodSync(file, 0o600);
    }
  }
  globalForSecret.appSecret = secret;
  return secret;
}

export type KeyPurpose = "access-token" | "session-cookie" | "secret-encryption" | "share-token" | "internal-render" | "analytics-viewers";

// Derived once per secret and purpose: every signed-in request verifies a token or a cookie with one of them, and
// deriving and importing the key each time cost more than the verification itself.
const derived = new Map<string, { bytes: Buffer; key: KeyObject }>();

function derivation(purpose: KeyPurpose): { bytes: Buffer; key: KeyObject } {
  const secret = appSecret();
  const id = `${purpose}\u0000${secret}`;
  let entry = derived.get(id);
  if (!entry) {
    const bytes = Buffer.from(hkdfSync("sha256", secret, "insightdeck", purpose, 32));
    entry = { bytes, key: createSecretKey(bytes) };
    derived.set(id, entry);
  }
  return entry;
}

/** A 32-byte key for one purpose, so that no two mechanisms share key material. */
export function derivedKey(purpose: KeyPurpose): Buffer {
  return Buffer.from(derivation(purpose).bytes);
}

/** The same key as a KeyObject (what jose signs and verifies with, without importing it again). */
export function derivedKeyObject(purpose: KeyPurpose): KeyObject {
  return derivation(purpose).key;
}

/** Keyed hash for values that are looked up but must not be stored in clear. */
export function keyedHash(value: string): string {
  return createHmac("sha256", derivedKey("share-token")).update(value).digest("hex");
}
