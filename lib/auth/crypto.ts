// Encryption of secrets at rest (provider keys): AES-256-GCM with a key derived from APP_SECRET. Each ciphertext is
// bound to where it belongs (tenant and plugin, as additional authenticated data), so a value copied into another
// tenant's or another plugin's row fails authentication instead of decrypting there.
import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { derivedKey } from "./secret";

const VERSION = "v2";
/** Sealed before binding existed; only `openLegacySecret` reads it, to re-seal it once (db/startup.ts). */
const LEGACY_VERSION = "v1";

/** Where a secret belongs; it becomes the additional authenticated data of the ciphertext. */
export interface SecretBinding {
  tenantId: string;
  pluginId: string;
}

function associatedData(binding: SecretBinding): Buffer {
  return Buffer.from(JSON.stringify(["tenant_plugins", binding.tenantId, binding.pluginId]), "utf8");
}

export function encryptSecret(plaintext: string, binding: SecretBinding): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey("secret-encryption"), iv);
  cipher.setAAD(associatedData(binding));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
}

function open(sealed: string, expectedVersion: string, binding: SecretBinding | null): string {
  const [version, iv, tag, ciphertext] = sealed.split(".");
  if (version !== expectedVersion || !iv || !tag || ciphertext === undefined) throw new Error("Unrecognised secret format");
  const decipher = createDecipheriv("aes-256-gcm", derivedKey("secret-encryption"), Buffer.from(iv, "base64url"));
  if (binding) decipher.setAAD(associatedData(binding));
  decipher.setAuthTag(Buffer.from(tag, "base64url"));
  return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
}

/** Throws when the value was sealed for another tenant or plugin, tampered with, or under another APP_SECRET. */
export function decryptSecret(sealed: string, binding: SecretBinding): string {
  return open(sealed, VERSION, binding);
}

export function isLegacySecret(sealed: string): boolean {
  return sealed.startsWith(`${LEGACY_VERSION}.`);
}

/** Reads a value sealed without binding (format v1), for re-sealing it with its binding. */
export function openLegacySecret(sealed: string): string {
  return open(sealed, LEGACY_VERSION, null);
}
