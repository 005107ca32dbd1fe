"use client";

// Manual creation (spec section 2): the slide editor starting with one empty slide; Create Presentation posts the
// slides as a 'manual' presentation (images up to 5MB, uploaded under the placeholder id until it exists).
import { Save } from "lucide-react";
import { useState } from "react";
import { newEditorSlide, slidesProblem, toSlideInputs, type EditorSlide } from "@/components/presentations/editor-slides";
import { SlideEditor } from "@/components/presentations/slide-editor";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { api } from "@/lib/http/client";
import { saveFailureMessage } from "./messages";
import { StepActions, StepIntro } from "./step-parts";

export const PLACEHOLDER_PRESENTATION_ID = "temp-presentation-id";

interface ManualStepProps {
  blogId: string;
  /** The narration voice preference sent with the slides. */
  ttsProvider: string;
  /** The deck's language chosen in the wizard. */
  language: string;
  onCreated: (presentationId: string) => void;
}

export function ManualStep({ blogId, ttsProvider, language, onCreated }: ManualStepProps) {
  const [slides, setSlides] = useState<EditorSlide[]>(() => [newEditorSlide()]);
  const [saving, setSaving] = useState(false);

  async function create() {
    const problem = slidesProblem(slides);
    if (problem) {
      toast({ title: "Error", description: problem, variant: "destructive" });
      return;
    }
    setSaving(true);
    try {
      const created = await api.post<{ presentation_id: string }>("/presentations/", {
        blog_id: blogId,
        template: "manual",
        slides: toSlideInputs(slides),
        tts_provider: ttsProvider,
        language,
      });
      onCreated(created.presentation_id);
    } catch (error) {
      toast({ title: "Error", description: saveFailureMessage(error, "Failed to create manual presentation"), variant: "destructive" });
      setSaving(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <StepIntro title="Create your slides" description="Write a title, the text shown on the slide and the narration script for each slide. Images up to 5MB." />
      <SlideEditor slides={slides} onChange={setSlides} presentationId={PLACEHOLDER_PRESENTATION_ID} imageLimit="manual" disabled={saving} />
      <StepActions>
        <Button size="lg" onClick={() => void create()} disabled={saving}>
          <Save className="h-4 w-4" aria-hidden />
          {saving ? "Creating..." : "Create Presentation"}
        </Button>
      </StepActions>
    </div>
  );
}
