import { describe, expect, it } from "vitest";
import { isSpeechToText, isTextToSpeech, pluginStatusLabel } from "@/components/admin/plugins/plugin-kinds";
import { tenantStatusLabel } from "@/components/admin/tenants/types";
import { permissionState } from "@/components/admin/users/types";

describe("plugin sections (spec section 2)", () => {
  it.each(["gtts", "elevenlabs", "azure-tts", "google-cloud-tts", "espeak-tts"])("%s is text to speech", (id) => {
    expect(isTextToSpeech(id)).toBe(true);
  });
  it.each(["openai-whisper", "google-cloud-speech"])("%s is speech to text", (id) => {
    expect(isSpeechToText(id)).toBe(true);
    expect(isTextToSpeech(id)).toBe(false);
  });
  it("shows anything but active, inactive and error as Unknown", () => {
    expect(pluginStatusLabel("active")).toBe("Active");
    expect(pluginStatusLabel("inactive")).toBe("Inactive");
    expect(pluginStatusLabel("error")).toBe("Error");
    expect(pluginStatusLabel("starting")).toBe("Unknown");
  });
});

describe("tenant labels", () => {
  it("reads Pending Approval until approved, then Active", () => {
    expect(tenantStatusLabel({ is_active: false, status: "pending_approval" })).toBe("Pending Approval");
    expect(tenantStatusLabel({ is_active: true, status: "active" })).toBe("Active");
    expect(tenantStatusLabel({ is_active: false, status: "inactive" })).toBe("Inactive");
  });
});

describe("per-user permission state (spec section 4)", () => {
  const breakdown = {
    effective_permissions: ["a", "c"],
    role_permissions: ["a", "b"],
    granted_permissions: ["c"],
    revoked_permissions: ["b"],
  };
  it.each([
    ["a", "Role Default"],
    ["b", "User Revoke"],
    ["c", "User Grant"],
    ["d", "Not Assigned"],
  ])("%s -> %s", (name, state) => {
    expect(permissionState(name, breakdown)).toBe(state);
  });
});
