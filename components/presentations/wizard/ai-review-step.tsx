"use client";

// The AI review (spec section 2): the generated presentation (GET /presentations/{id}) in the slide editor with
// its rendered slides as previews; Save sends the edited slides with the version they were loaded at
// (update-slides), so an edit made elsewhere meanwhile is refused instead of overwritten.
import { RotateCcw, Save, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { fromApiSlides, slidesProblem, toSlideInputs, type EditorSlide } from "@/components/presentations/editor-slides";
import { SlideEditor } from "@/components/presentations/slide-editor";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { api } from "@/lib/http/client";
import type { PresentationOut } from "@/lib/services/presentations";
import { reviewLoadMessage, saveFailureMessage } from "./messages";
import { StepActions, StepIntro } from "./step-parts";

export const NO_GENERATED_SLIDES = "No slides found in the generated presentation";

type Review =
  | { kind: "loading" }
  | { kind: "failed"; message: string }
  | { kind: "ready"; version: number; template: string; slides: EditorSlide[] };

export function AiReviewStep({ presentationId, onSaved }: { presentationId: string; onSaved: () => void }) {
  const [review, setReview] = useState<Review>({ kind: "loading" });
  const [saving, setSaving] = useState(false);

  const [attempt, setAttempt] = useState(0);

  // Loaded on opening and on Try Again (which shows the loading state first); a late answer of an earlier try is dropped.
  useEffect(() => {
    let current = true;
    api.get<PresentationOut>(`/presentations/${presentationId}`).then(
      (presentation) => {
        if (!current) return;
        if (presentation.slides.length === 0) {
          setReview({ kind: "failed", message: NO_GENERATED_SLIDES });
          return;
        }
        const slides = fromApiSlides(presentation.slides).map((slide) => ({ ...slide, isAIGenerated: true }));
        setReview({ kind: "ready", version: presentation.version, template: presentation.template, slides });
      },
      (error: unknown) => current && setReview({ kind: "failed", message: reviewLoadMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [presentationId, attempt]);

  if (review.kind === "loading") {
    return (
      <div className="grid gap-4 lg:grid-cols-[16rem_minmax(0,1fr)]" role="status" aria-busy="true" aria-label="Loading the generated presentation">
        <Skeleton className="h-64 w-full rounded-xl" />
        <Skeleton className="h-96 w-full rounded-xl" />
      </div>
    );
  }
  if (review.kind === "failed") {
    return (
      <Card className="mx-auto w-full max-w-lg">
        <CardContent className="flex flex-col items-center gap-3 p-8 text-center">
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-red-600">
            <TriangleAlert className="h-6 w-6" aria-hidden />
          </span>
          <p role="alert" className="text-sm text-slate-700">
            {review.message}
          </p>
          <Button
            variant="outline"
            onClick={() => {
              setReview({ kind: "loading" });
              setAttempt((value) => value + 1);
            }}
          >
            <RotateCcw className="h-4 w-4" aria-hidden />
            Try Again
          </Button>
        </CardContent>
      </Card>
    );
  }

  async function save(ready: Extract<Review, { kind: "ready" }>) {
    const problem = slidesProblem(ready.slides);
    if (problem) {
      toast({ title: "Error", description: problem, variant: "destructive" });
      return;
    }
    setSaving(true);
    try {
      await api.put(`/presentations/${presentationId}/update-slides`, { version: ready.version, slides: toSlideInputs(ready.slides) });
      onSaved();
    } catch (error) {
      toast({ title: "Error", description: saveFailureMessage(error, "Failed to save AI-generated presentation"), variant: "destructive" });
      setSaving(false);
    }
  }

  return (
    <div className="flex flex-col gap-4">
      <StepIntro
        title="Review your AI-generated slides"
        description={`${review.slides.length} slides drawn with the ${review.template} template. Edit titles, text, narration and images, then save.`}
      />
      <SlideEditor slides={review.slides} onChange={(slides) => setReview({ ...review, slides })} presentationId={presentationId} imageLimit="editor" disabled={saving} />
      <StepActions>
        <Button size="lg" onClick={() => void save(review)} disabled={saving}>
          <Save className="h-4 w-4" aria-hidden />
          {saving ? "Saving..." : "Save Presentation"}
        </Button>
      </StepActions>
    </div>
  );
}
