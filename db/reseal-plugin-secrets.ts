// Re-seals provider secrets stored before they were bound to their tenant and plugin (format v1), once, on start.
import { and, eq, like } from "drizzle-orm";
import type { Db } from "./client";
import { tenantPlugins } from "./schema";
import { encryptSecret, isLegacySecret, openLegacySecret } from "@/lib/auth/crypto";
import { logger } from "@/lib/log";

/** Returns how many rows were re-sealed; running it again finds none. */
export async function resealPluginSecrets(db: Db): Promise<number> {
  const rows = await db
    .select({ tenantId: tenantPlugins.tenantId, pluginId: tenantPlugins.pluginId, sealed: tenantPlugins.secretsCiphertext })
    .from(tenantPlugins)
    .where(like(tenantPlugins.secretsCiphertext, "v1.%"));
  let resealed = 0;
  for (const row of rows) {
    if (!row.sealed || !isLegacySecret(row.sealed)) continue;
    let plaintext: string;
    try {
      plaintext = openLegacySecret(row.sealed);
    } catch (error) {
      // Left as it is: it reads as "no secret" and the administrator enters the key again.
      logger.error({ err: error, tenantId: row.tenantId, pluginId: row.pluginId }, "legacy plugin secret could not be decrypted");
      continue;
    }
    const updated = await db
      .update(tenantPlugins)
      .set({ secretsCiphertext: encryptSecret(plaintext, { tenantId: row.tenantId, pluginId: row.pluginId }) })
      .where(
        and(
          eq(tenantPlugins.tenantId, row.tenantId),
          eq(tenantPlugins.pluginId, row.pluginId),
          // Another process may have re-sealed it meanwhile.
          eq(tenantPlugins.secretsCiphertext, row.sealed),
        ),
      )
      .returning({ tenantId: tenantPlugins.tenantId });
    resealed += updated.length;
  }
  return resealed;
}
