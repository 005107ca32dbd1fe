// Speech plugins per tenant (spec section 3 catalogue plus the built-in offline voice). Settings live on the
// server; secret fields are stored AES-256-GCM encrypted and only ever returned masked. The catalogue and the
// reading of a tenant's settings are lib/speech/plugin-catalogue.ts.
import { and, eq } from "drizzle-orm";
import { getDb } from "@/db/client";
import { tenantPlugins } from "@/db/schema";
import type { Actor } from "@/lib/auth/actor";
import { encryptSecret } from "@/lib/auth/crypto";
import { Forbidden, ValidationFailed } from "@/lib/errors";
import { CONTROL_CHARACTERS_MESSAGE, hasForbiddenCharacters } from "@/lib/validation/characters";
import {
  activeProviders, definition, missingSecrets, OFFLINE_RECOGNITION_PLUGIN, PLUGIN_CATALOGUE, pluginKind, pluginStatus, resolve, resolvedPlugins, SECRET_MASK,
  type ActiveProvider, type FieldType, type PluginStatus, type ResolvedPlugin,
} from "@/lib/speech/plugin-catalogue";
import { offlineRecognitionInstalled } from "@/lib/speech/plugin-settings";
import { recordActivity } from "./activity";

export { activeProviders, PLUGIN_CATALOGUE, pluginKind, SECRET_MASK };
export type { ActiveProvider, PluginStatus };

export interface PluginOut {
  id: string;
  name: string;
  description: string;
  kind: "tts" | "stt";
  enabled: boolean;
  status: PluginStatus;
  status_message: string | null;
  config: Record<string, string | number | boolean>;
  fields: { key: string; label: string; type: FieldType; secret: boolean; required: boolean }[];
  updated_at: string | null;
}



/** The offline recogniser's plugin, switched on where its programs are not installed: it cannot work. */
const NOT_INSTALLED = "Not installed on this server";

function pluginOut(plugin: ResolvedPlugin, offlineInstalled: boolean): PluginOut {
  const missing = missingSecrets(plugin);
  const notInstalled = plugin.definition.id === OFFLINE_RECOGNITION_PLUGIN && plugin.enabled && !offlineInstalled;
  const status = notInstalled ? "error" : pluginStatus(plugin);
  const config: Record<string, string | number | boolean> = { ...plugin.config };
  for (const field of plugin.definition.fields.filter((candidate) => candidate.secret)) {
    config[field.key] = plugin.secrets[field.key] ? SECRET_MASK : "";
  }
  return {
    id: plugin.definition.id,
    name: plugin.definition.name,
    description: plugin.definition.description,
    kind: pluginKind(plugin.definition.id),
    enabled: plugin.enabled,
    status,
    status_message: notInstalled ? NOT_INSTALLED : status === "error" ? `${missing.map((field) => field.label).join(", ")} not set` : null,
    config,
    fields: plugin.definition.fields.map((field) => ({
      key: field.key,
      label: field.label,
      type: field.type,
      secret: field.secret ?? false,
      required: field.required ?? false,
    })),
    updated_at: plugin.updatedAt?.toISOString() ?? null,
  };
}

export async function listPlugins(actor: Actor): Promise<PluginOut[]> {
  // Checked here too, not only in the route: pages call this service directly.
  if (!actor.permissions.has("user.create")) throw new Forbidden();
  const [plugins, offlineInstalled] = await Promise.all([resolvedPlugins(actor.tenantId), offlineRecognitionInstalled()]);
  return plugins.map((plugin) => pluginOut(plugin, offlineInstalled));
}

export async function updatePlugin(
  actor: Actor,
  pluginId: string,
  input: { enabled?: boolean; config?: Record<string, unknown> },
): Promise<PluginOut> {
  const def = definition(pluginId);
  const db = await getDb();
  const [row] = await db
    .select()
    .from(tenantPlugins)
    .where(and(eq(tenantPlugins.tenantId, actor.tenantId), eq(tenantPlugins.pluginId, pluginId)))
    .limit(1);
  const current = resolve(def, row, actor.tenantId);
  const config = { ...current.config };
  const secrets = { ...current.secrets };
  const issues: { loc: string[]; msg: string; type: string }[] = [];
  for (const [key, value] of Object.entries(input.config ?? {})) {
    // A setting is one line of text: a control character (NUL above all) could be neither stored nor sent to a
    // provider, and is refused with the field named before anything is written.
    if (typeof value === "string" && hasForbiddenCharacters(value, "line")) {
      issues.push({ loc: ["body", "config", key], msg: CONTROL_CHARACTERS_MESSAGE, type: "value_error" });
      continue;
    }
    const field = def.fields.find((candidate) => candidate.key === key);
    if (!field) {
      issues.push({ loc: ["body", "config", key], msg: `Unknown setting ${key}`, type: "extra_forbidden" });
      continue;
    }
    if (field.secret) {
      // The mask sent back unchanged keeps the stored secret; an empty value clears it.
      if (value === SECRET_MASK) continue;
      if (typeof value !== "string" || value.length > 4096) {
        issues.push({ loc: ["body", "config", key], msg: `${field.label} must be text`, type: "string_type" });
        continue;
      }
      if (value.trim() === "") delete secrets[key];
      else secrets[key] = value.trim();
      continue;
    }
    if (typeof value !== field.type || (typeof value === "string" && value.length > 2048) || (typeof value === "number" && !Number.isFinite(value))) {
      issues.push({ loc: ["body", "config", key], msg: `${field.label} must be a ${field.type}`, type: `${field.type}_type` });
      continue;
    }
    config[key] = value as string | number | boolean;
  }
  if (issues.length > 0) throw new ValidationFailed(issues);
  const enabled = input.enabled ?? current.enabled;
  const secretsCiphertext = Object.keys(secrets).length > 0 ? encryptSecret(JSON.stringify(secrets), { tenantId: actor.tenantId, pluginId }) : null;
  const saved = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(tenantPlugins)
      .values({ tenantId: actor.tenantId, pluginId, enabled, config, secretsCiphertext, updatedBy: actor.userId })
      .onConflictDoUpdate({
        target: [tenantPlugins.tenantId, tenantPlugins.pluginId],
        set: { enabled, config, secretsCiphertext, updatedBy: actor.userId, updatedAt: new Date() },
      })
      .returning({ updatedAt: tenantPlugins.updatedAt });
    await recordActivity(tx, {
      tenantId: actor.tenantId,
      actorUserId: actor.userId,
      action: "plugin.updated",
      summary: `${actor.fullName ?? actor.email} ${enabled ? "enabled" : "disabled"} ${def.name}`,
      subjectType: "plugin",
      metadata: { plugin: pluginId },
    });
    return row;
  });
  // The answer is built from what was just written, not read back afterwards: nothing can fail after the commit.
  return pluginOut({ definition: def, enabled, config, secrets, updatedAt: saved?.updatedAt ?? new Date() }, await offlineRecognitionInstalled());
}

