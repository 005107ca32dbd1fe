// The voice question's control as the server draws it (the share page's first view and the player's first render):
// where the server cannot transcribe, the mic shows as unavailable with a hint to type, and the Q&A panel's empty
// state no longer points at the mic.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { QaPanel } from "@/components/player/qa-panel";
import { HOLD_TO_ASK_HINT, MicButton, VOICE_UNAVAILABLE_HINT, VOICE_UNAVAILABLE_LABEL, VoiceHint, voiceHintText } from "@/components/player/voice-input";

const html = (element: Parameters<typeof renderToStaticMarkup>[0]) => renderToStaticMarkup(element);

describe("voice questions offered only where they can be transcribed", () => {
  it("the hint says how to ask, counts down, or says to type", () => {
    expect(voiceHintText(true)).toBe(HOLD_TO_ASK_HINT);
    expect(voiceHintText(true, { state: "recording", secondsLeft: 27 })).toBe("Listening... 27s");
    expect(voiceHintText(true, { state: "processing", secondsLeft: 0 })).toBe("Processing...");
    expect(voiceHintText(false)).toBe("Type your question in Q&A: voice is not available");
    // The space-bar hint is hidden on touch screens; the hint to type is not.
    expect(html(createElement(VoiceHint, { available: true }))).toContain("[@media(pointer:coarse)]:hidden");
    expect(html(createElement(VoiceHint, { available: false }))).not.toContain("pointer:coarse");
    expect(html(createElement(VoiceHint, { available: false }))).toContain(VOICE_UNAVAILABLE_HINT.replace("&", "&amp;"));
  });

  it("the mic is 'Hold to ask a question' where voice works, and an unavailable mic with the hint otherwise", () => {
    const available = html(createElement(MicButton, { available: true }));
    expect(available).toContain('aria-label="Hold to ask a question"');
    expect(available).toContain("lucide-mic");
    const unavailable = html(createElement(MicButton, { available: false }));
    expect(unavailable).toContain(`aria-label="${VOICE_UNAVAILABLE_LABEL}"`);
    expect(unavailable).toContain(`title="${VOICE_UNAVAILABLE_HINT.replace("&", "&amp;")}"`);
    expect(unavailable).toContain("lucide-mic-off");
    expect(unavailable).not.toContain("Hold to ask a question");
  });

  it("the Q&A panel's empty state points at the mic only where voice works", () => {
    const props = { messages: [], answering: false, onAsk: async () => true };
    expect(html(createElement(QaPanel, { ...props, voice: true }))).toContain("Click the mic button below the slide to ask questions");
    const typed = html(createElement(QaPanel, { ...props, voice: false }));
    expect(typed).not.toContain("mic button");
    expect(typed).toContain("Type your question in the box below: voice questions are not available here");
  });
});
