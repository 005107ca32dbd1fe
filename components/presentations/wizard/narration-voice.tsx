"use client";

// The narration voice of the presentation about to be created (spec section 3, "Stored preferences"): the tenant's
// usable text-to-speech providers, the choice remembered in this browser and sent as tts_provider.
import { AudioLines } from "lucide-react";
import { useId } from "react";
import type { SpeechPreference } from "@/components/speech/use-speech-preference";
import { Select } from "@/components/ui/select";

export function NarrationVoice({ voice }: { voice: SpeechPreference }) {
  const id = useId();
  if (voice.choices.length === 0) return null;
  return (
    <div className="flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:flex-row sm:items-center sm:justify-between">
      <div className="flex min-w-0 items-center gap-3">
        <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-600 ring-1 ring-brand-100">
          <AudioLines className="h-5 w-5" aria-hidden />
        </span>
        <div className="min-w-0">
          <label htmlFor={id} className="text-sm font-semibold text-slate-900">
            Narration voice
          </label>
          <p id={`${id}-hint`} className="text-xs text-slate-500">
            Reads each slide&apos;s narration script aloud. Remembered in this browser.
          </p>
        </div>
      </div>
      <Select
        id={id}
        aria-describedby={`${id}-hint`}
        className="sm:w-80"
        options={voice.choices}
        value={voice.value}
        onChange={(event) => voice.choose(event.target.value)}
      />
    </div>
  );
}
