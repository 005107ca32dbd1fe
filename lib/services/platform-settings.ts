// Settings of the whole platform, changed by a super admin (Tenant Management). The catalogue names each setting
// with its default; the platform_settings table keeps the ones that have been set. Read on every use (no copy in
// process memory), so every server process sees a change at once.
import { eq, inArray } from "drizzle-orm";
import { getDb } from "@/db/client";
import { platformSettings } from "@/db/schema";
import { isSuperAdmin, type Actor } from "@/lib/auth/actor";
import { Forbidden } from "@/lib/errors";
import { recordActivity } from "./activity";

/** The platform's settings as the API answers and takes them. */
export interface PlatformSettingsOut {
  /**
   * The wizard offers every creation method (manual, PowerPoint import, AI generation); off, it goes straight to
   * manual creation (spec section 2, "Wizard": the methods configuration). On by default.
   */
  enable_all_methods: boolean;
}

export const PLATFORM_SETTING_DEFAULTS: PlatformSettingsOut = { enable_all_methods: true };

type SettingKey = keyof PlatformSettingsOut;
const KEYS = Object.keys(PLATFORM_SETTING_DEFAULTS) as SettingKey[];

function assertSuperAdmin(actor: Actor): void {
  if (!isSuperAdmin(actor)) throw new Forbidden();
}

/** The settings with their defaults where unset; for the services that follow them (no actor: not a disclosure). */
export async function readPlatformSettings(): Promise<PlatformSettingsOut> {
  const db = await getDb();
  const rows = await db.select({ key: platformSettings.key, value: platformSettings.value }).from(platformSettings).where(inArray(platformSettings.key, KEYS));
  const settings: PlatformSettingsOut = { ...PLATFORM_SETTING_DEFAULTS };
  for (const row of rows) {
    const key = row.key as SettingKey;
    // A value of another type (written by hand) is not trusted: the default holds.
    if (typeof row.value === typeof PLATFORM_SETTING_DEFAULTS[key]) settings[key] = row.value as PlatformSettingsOut[SettingKey];
  }
  return settings;
}

/** GET /platform-settings: super admins only. */
export async function getPlatformSettings(actor: Actor): Promise<PlatformSettingsOut> {
  assertSuperAdmin(actor);
  return readPlatformSettings();
}

/** PUT /platform-settings: the settings given are stored (the others keep theirs); answers all of them. */
export async function updatePlatformSettings(actor: Actor, input: Partial<PlatformSettingsOut>): Promise<PlatformSettingsOut> {
  assertSuperAdmin(actor);
  const db = await getDb();
  const changed = KEYS.filter((key) => input[key] !== undefined);
  await db.transaction(async (tx) => {
    for (const key of changed) {
      const value = input[key];
      const [existing] = await tx.select({ value: platformSettings.value }).from(platformSettings).where(eq(platformSettings.key, key)).for("update");
      if (existing && existing.value === value) continue;
      await tx
        .insert(platformSettings)
        .values({ key, value, updatedBy: actor.userId })
        .onConflictDoUpdate({ target: platformSettings.key, set: { value, updatedBy: actor.userId, updatedAt: new Date() } });
      await recordActivity(tx, {
        tenantId: actor.tenantId,
        actorUserId: actor.userId,
        action: "platform.setting_changed",
        summary: `${actor.fullName ?? actor.email} set ${key} to ${String(value)}`,
        subjectType: "platform",
        metadata: { key, value },
      });
    }
  });
  return readPlatformSettings();
}
