// Which section a plugin belongs to (spec section 2, "Plugin management").

export interface PluginField {
  key: string;
  label: string;
  type: "string" | "number" | "boolean";
  secret: boolean;
  required: boolean;
}

export interface PluginRow {
  id: string;
  name: string;
  description: string;
  enabled: boolean;
  status: string;
  status_message: string | null;
  config: Record<string, string | number | boolean>;
  fields: PluginField[];
  updated_at: string | null;
}

/** Text to speech: the id contains 'tts', or is gtts or elevenlabs. */
export function isTextToSpeech(id: string): boolean {
  return id.includes("tts") || id === "gtts" || id === "elevenlabs";
}

/** Speech to text: the id contains 'whisper' or 'speech'. */
export function isSpeechToText(id: string): boolean {
  return id.includes("whisper") || id.includes("speech");
}

/** The label of a plugin status: active, inactive or error; anything else reads 'Unknown'. */
export function pluginStatusLabel(status: string): "Active" | "Inactive" | "Error" | "Unknown" {
  if (status === "active") return "Active";
  if (status === "inactive") return "Inactive";
  if (status === "error") return "Error";
  return "Unknown";
}
