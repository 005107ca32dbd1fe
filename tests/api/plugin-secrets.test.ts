// Provider secrets are bound to their tenant and plugin: a ciphertext copied into another tenant's or another
// plugin's row does not decrypt there, and rows sealed the old way (no binding) are re-sealed on start.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as pluginRoute from "@/app/api/v1/plugins/[id]/route";
import { getDb } from "@/db/client";
import { tenantPlugins } from "@/db/schema";
import { createCipheriv, randomBytes } from "node:crypto";
import { decryptSecret } from "@/lib/auth/crypto";
import { derivedKey } from "@/lib/auth/secret";
import { resealPluginSecrets } from "@/db/reseal-plugin-secrets";
import { activeProviders } from "@/lib/services/plugins";
import { call } from "../support/api";
import type { Organisation } from "../support/accounts";
import { organisation, superAdmin } from "../support/admin";

const KEY = "sk-live-0123456789abcdef0123456789";

/** The format rows had before secrets were bound (v1: AES-256-GCM, no additional data). */
function sealedTheOldWay(plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", derivedKey("secret-encryption"), iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return ["v1", iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), ciphertext.toString("base64url")].join(".");
}

let golf: Organisation;
let hotel: Organisation;

async function storedCiphertext(tenantId: string, pluginId: string): Promise<string | null> {
  const db = await getDb();
  const [row] = await db
    .select({ secretsCiphertext: tenantPlugins.secretsCiphertext })
    .from(tenantPlugins)
    .where(and(eq(tenantPlugins.tenantId, tenantId), eq(tenantPlugins.pluginId, pluginId)));
  return row?.secretsCiphertext ?? null;
}

async function setKey(org: Organisation, pluginId: string, apiKey: string) {
  const response = await call(pluginRoute.PUT, "PUT", {
    token: org.admin.access_token,
    params: { id: pluginId },
    body: { enabled: true, config: { apiKey } },
  });
  expect(response.status).toBe(200);
}

beforeAll(async () => {
  await superAdmin();
  golf = await organisation("Golf");
  hotel = await organisation("Hotel");
});

describe("provider secrets at rest", () => {
  it("does not decrypt a ciphertext copied into another tenant's row", async () => {
    await setKey(golf, "elevenlabs-tts", KEY);
    await setKey(hotel, "elevenlabs-tts", "hotel-own-key-000000000000");
    const stolen = await storedCiphertext(golf.tenantId, "elevenlabs-tts");
    expect(stolen).not.toBeNull();
    expect(stolen).not.toContain(KEY);

    const db = await getDb();
    await db
      .update(tenantPlugins)
      .set({ secretsCiphertext: stolen })
      .where(and(eq(tenantPlugins.tenantId, hotel.tenantId), eq(tenantPlugins.pluginId, "elevenlabs-tts")));

    const hotelProviders = await activeProviders(hotel.tenantId, "tts");
    expect(hotelProviders.find((provider) => provider.id === "elevenlabs-tts")?.secrets.apiKey).toBeUndefined();
    const golfProviders = await activeProviders(golf.tenantId, "tts");
    expect(golfProviders.find((provider) => provider.id === "elevenlabs-tts")?.secrets.apiKey).toBe(KEY);
  });

  it("does not decrypt a ciphertext copied into another plugin's row of the same tenant", async () => {
    const sealed = await storedCiphertext(golf.tenantId, "elevenlabs-tts");
    expect(() => decryptSecret(sealed ?? "", { tenantId: golf.tenantId, pluginId: "google-cloud-tts" })).toThrow();
    expect(JSON.parse(decryptSecret(sealed ?? "", { tenantId: golf.tenantId, pluginId: "elevenlabs-tts" }))).toEqual({ apiKey: KEY });
  });

  it("re-seals rows stored without the binding, keeping their value", async () => {
    const db = await getDb();
    const legacy = sealedTheOldWay(JSON.stringify({ apiKey: "legacy-key-1234567890" }));
    await db
      .insert(tenantPlugins)
      .values({ tenantId: hotel.tenantId, pluginId: "google-cloud-tts", enabled: true, config: {}, secretsCiphertext: legacy })
      .onConflictDoUpdate({
        target: [tenantPlugins.tenantId, tenantPlugins.pluginId],
        set: { secretsCiphertext: legacy, enabled: true },
      });

    expect(await resealPluginSecrets(db)).toBe(1);
    const resealed = await storedCiphertext(hotel.tenantId, "google-cloud-tts");
    expect(resealed).not.toBe(legacy);
    expect(resealed?.startsWith("v2.")).toBe(true);
    const providers = await activeProviders(hotel.tenantId, "tts");
    expect(providers.find((provider) => provider.id === "google-cloud-tts")?.secrets.apiKey).toBe("legacy-key-1234567890");
    // Running it again finds nothing left to do.
    expect(await resealPluginSecrets(db)).toBe(0);
  });
});
