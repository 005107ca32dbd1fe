"use client";

// The narration voice of the presentation about to be created (spec section 3, "Stored preferences"): the tenant's
// usable text-to-speech providers, the choice remembered in this browser and sent as tts_provider.
import { AudioLines } from "lucide-react";
import type { SpeechPreference } from "@/components/speech/use-speech-preference";
import { SelectSetting } from "./select-setting";

export function NarrationVoice({ voice }: { voice: SpeechPreference }) {
  if (voice.choices.length === 0) return null;
  return (
    <SelectSetting
      icon={AudioLines}
      label="Narration voice"
      hint="Reads each slide's narration script aloud. Remembered in this browser."
      options={voice.choices}
      value={voice.value}
      onChange={voice.choose}
    />
  );
}
