// Speech plugins through the real handlers: the catalogue with its defaults, enable switches moving the status,
// secrets encrypted at rest and only ever answered masked, validation, and settings kept per tenant.
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as pluginRoute from "@/app/api/v1/plugins/[id]/route";
import * as pluginsRoute from "@/app/api/v1/plugins/route";
import { getDb } from "@/db/client";
import { tenantPlugins } from "@/db/schema";
import { activeProviders } from "@/lib/services/plugins";
import { call, json } from "../support/api";
import type { Organisation, SignedIn } from "../support/accounts";
import { FORBIDDEN, organisation, signedInUser, superAdmin } from "../support/admin";

interface Plugin {
  id: string;
  name: string;
  kind: "tts" | "stt";
  enabled: boolean;
  status: "active" | "inactive" | "error";
  status_message: string | null;
  config: Record<string, string | number | boolean>;
  fields: { key: string; secret: boolean; required: boolean }[];
}

const MASK = "••••••••";
const AZURE_KEY = "azure-subscription-key-0123456789abcdef";

let echo: Organisation;
let foxtrot: Organisation;
let member: SignedIn;

async function plugins(token = echo.admin.access_token): Promise<Plugin[]> {
  const response = await call(pluginsRoute.GET, "GET", { token });
  expect(response.status).toBe(200);
  return json<Plugin[]>(response);
}

async function plugin(id: string, token?: string): Promise<Plugin> {
  const found = (await plugins(token)).find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no plugin ${id}`);
  return found;
}

async function update(id: string, body: Record<string, unknown>, token = echo.admin.access_token): Promise<Response> {
  return call(pluginRoute.PUT, "PUT", { token, params: { id }, body });
}

async function storedRow(tenantId: string, pluginId: string) {
  const db = await getDb();
  const [row] = await db
    .select()
    .from(tenantPlugins)
    .where(and(eq(tenantPlugins.tenantId, tenantId), eq(tenantPlugins.pluginId, pluginId)));
  return row;
}

beforeAll(async () => {
  await superAdmin();
  echo = await organisation("Echo");
  foxtrot = await organisation("Foxtrot");
  member = await signedInUser(echo.admin.access_token, { email: "member@echo.test" });
});

describe("plugin catalogue", () => {
  it("lists the spec's plugins, the built-in offline voice and OpenAI's voices, by kind", async () => {
    const list = await plugins();
    expect(list.map((entry) => entry.id).sort()).toEqual(
      ["azure-tts", "elevenlabs-tts", "espeak-tts", "google-cloud-speech", "google-cloud-tts", "gtts", "openai-tts", "openai-whisper", "pocketsphinx-speech"].sort(),
    );
    const kinds = Object.fromEntries(list.map((entry) => [entry.id, entry.kind]));
    expect(kinds).toEqual({
      "espeak-tts": "tts",
      gtts: "tts",
      "azure-tts": "tts",
      "elevenlabs-tts": "tts",
      "google-cloud-tts": "tts",
      "openai-tts": "tts",
      "openai-whisper": "stt",
      "google-cloud-speech": "stt",
      "pocketsphinx-speech": "stt",
    });
  });

  it("starts from the defaults", async () => {
    expect(await plugin("gtts")).toMatchObject({ enabled: true, status: "active", config: { language: "en" } });
    expect(await plugin("espeak-tts")).toMatchObject({ enabled: true, status: "active" });
    expect(await plugin("azure-tts")).toMatchObject({
      enabled: false,
      status: "inactive",
      config: { subscriptionKey: "", region: "eastus", defaultVoice: "en-US-JennyNeural" },
    });
    const whisper = await plugin("openai-whisper");
    expect(whisper.config).toMatchObject({ model: "whisper-1", apiKey: "" });
    // Enabled by default but unusable without its key: the status says so.
    expect(whisper).toMatchObject({ enabled: true, status: "error", status_message: "API key not set" });
    expect((await plugin("azure-tts")).fields.find((field) => field.key === "subscriptionKey")).toMatchObject({ secret: true, required: true });
  });
});

describe("plugin settings", () => {
  it("toggling enabled moves the status between active and inactive", async () => {
    const off = await update("gtts", { enabled: false });
    expect(off.status).toBe(200);
    expect(await json(off)).toMatchObject({ id: "gtts", enabled: false, status: "inactive" });
    expect(await plugin("gtts")).toMatchObject({ enabled: false, status: "inactive" });
    const on = await update("gtts", { enabled: true, config: { language: "de", slow: true } });
    expect(await json(on)).toMatchObject({ enabled: true, status: "active", config: { language: "de", slow: true, tld: "com" } });
  });

  it("stores a secret encrypted and answers it masked only", async () => {
    const response = await update("azure-tts", { enabled: true, config: { subscriptionKey: AZURE_KEY, region: "westeurope" } });
    expect(response.status).toBe(200);
    const text = await response.text();
    expect(text).not.toContain(AZURE_KEY);
    expect(JSON.parse(text)).toMatchObject({ enabled: true, status: "active", config: { subscriptionKey: MASK, region: "westeurope" } });
    expect((await plugin("azure-tts")).config.subscriptionKey).toBe(MASK);
    expect(JSON.stringify(await plugins())).not.toContain(AZURE_KEY);

    const row = await storedRow(echo.tenantId, "azure-tts");
    expect(row?.secretsCiphertext).toBeTruthy();
    expect(row!.secretsCiphertext).not.toContain(AZURE_KEY);
    expect(row!.secretsCiphertext).not.toContain(Buffer.from(AZURE_KEY).toString("base64"));
    expect(JSON.stringify(row!.config)).not.toContain(AZURE_KEY);

    const [azure] = (await activeProviders(echo.tenantId, "tts")).filter((provider) => provider.id === "azure-tts");
    expect(azure?.secrets.subscriptionKey).toBe(AZURE_KEY);
  });

  it("keeps the secret when the mask is sent back", async () => {
    const response = await update("azure-tts", { config: { subscriptionKey: MASK, defaultVoice: "en-GB-SoniaNeural" } });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ status: "active", config: { subscriptionKey: MASK, defaultVoice: "en-GB-SoniaNeural" } });
    const [azure] = (await activeProviders(echo.tenantId, "tts")).filter((provider) => provider.id === "azure-tts");
    expect(azure?.secrets.subscriptionKey).toBe(AZURE_KEY);
  });

  it("clears the secret when '' is sent: an enabled plugin without its key is in error", async () => {
    const response = await update("azure-tts", { config: { subscriptionKey: "" } });
    expect(response.status).toBe(200);
    expect(await json(response)).toMatchObject({ enabled: true, status: "error", config: { subscriptionKey: "" } });
    expect((await storedRow(echo.tenantId, "azure-tts"))?.secretsCiphertext).toBeNull();
    expect((await activeProviders(echo.tenantId, "tts")).map((provider) => provider.id)).not.toContain("azure-tts");
  });

  it("refuses unknown settings and wrong types with 422 and changes nothing", async () => {
    const before = await storedRow(echo.tenantId, "gtts");
    const unknown = await update("gtts", { enabled: false, config: { colour: "blue" } });
    expect(unknown.status).toBe(422);
    expect(await json(unknown)).toEqual({ detail: [{ loc: ["body", "config", "colour"], msg: "Unknown setting colour", type: "extra_forbidden" }] });
    const wrongType = await update("gtts", { config: { slow: "yes" } });
    expect(wrongType.status).toBe(422);
    expect(await json(wrongType)).toMatchObject({ detail: [{ loc: ["body", "config", "slow"], msg: "Slow speech must be a boolean" }] });
    const notBoolean = await update("gtts", { enabled: "sometimes" });
    expect(notBoolean.status).toBe(422);
    expect(await storedRow(echo.tenantId, "gtts")).toEqual(before);
  });

  it("answers 404 for a plugin outside the catalogue", async () => {
    const response = await update("telepathy", { enabled: true });
    expect(response.status).toBe(404);
    expect(await json(response)).toEqual({ detail: "Plugin not found" });
  });

  it("keeps settings per tenant: another tenant still sees the defaults", async () => {
    const other = await plugins(foxtrot.admin.access_token);
    expect(other.find((entry) => entry.id === "gtts")).toMatchObject({ enabled: true, config: { language: "en", slow: false } });
    expect(other.find((entry) => entry.id === "azure-tts")).toMatchObject({
      enabled: false,
      status: "inactive",
      config: { subscriptionKey: "", region: "eastus", defaultVoice: "en-US-JennyNeural" },
    });
    expect(await storedRow(foxtrot.tenantId, "azure-tts")).toBeUndefined();
  });
});

describe("plugin access", () => {
  it("a regular user gets 403 and changes nothing", async () => {
    const list = await call(pluginsRoute.GET, "GET", { token: member.access_token });
    expect(list.status).toBe(403);
    expect(await json(list)).toEqual(FORBIDDEN);
    const before = await storedRow(echo.tenantId, "gtts");
    const change = await update("gtts", { enabled: false }, member.access_token);
    expect(change.status).toBe(403);
    expect(await storedRow(echo.tenantId, "gtts")).toEqual(before);
  });

  it("an anonymous caller gets 401", async () => {
    expect((await call(pluginsRoute.GET, "GET")).status).toBe(401);
    expect((await call(pluginRoute.PUT, "PUT", { params: { id: "gtts" }, body: { enabled: false } })).status).toBe(401);
  });
});
