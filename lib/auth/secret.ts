// The application secret and the keys derived from it (HKDF), one per purpose.
import { createHmac, hkdfSync, randomBytes } from "node:crypto";
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

export type KeyPurpose = "access-token" | "session-cookie" | "secret-encryption" | "share-token";

/** A 32-byte key for one purpose, so that no two mechanisms share key material. */
export function derivedKey(purpose: KeyPurpose): Buffer {
  return Buffer.from(hkdfSync("sha256", appSecret(), "insightdeck", purpose, 32));
}

/** Keyed hash for values that are looked up but must not be stored in clear. */
export function keyedHash(value: string): string {
  return createHmac("sha256", derivedKey("share-token")).update(value).digest("hex");
}
