"use client";

// The AI method's template step (spec section 2, "Template picker and AI generation"): a dialog lists the five
// templates from GET /presentations/templates with a picture of each and the source option, starts generation
// and shows its progress; the page behind it summarises where things stand and reopens the dialog.
import { CheckCircle2, FileText, LayoutTemplate, RotateCcw, Sparkles, TriangleAlert } from "lucide-react";
import { useEffect, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Dialog, DialogContent, DialogDescription, DialogFooter, DialogHeader, DialogTitle } from "@/components/ui/dialog";
import { Skeleton } from "@/components/ui/skeleton";
import { api } from "@/lib/http/client";
import { cn } from "@/lib/cn";
import { templateLoadMessage } from "./messages";
import { TemplatePreview } from "./template-preview";
import { hasMainSource, type TemplateOption, type WizardBlog } from "./types";
import { useGeneration, type GenerationState } from "./use-generation";
import type { ProgressStage } from "./progress";

export const NO_MAIN_SOURCE = "Please provide a main document (file upload or website URL) before generating the presentation.";

type TemplatesLoad = { status: "loading" } | { status: "failed"; message: string } | { status: "ready"; templates: TemplateOption[] };

interface TemplateStepProps {
  blog: WizardBlog;
  /** The narration voice preference the generated presentation is created with. */
  ttsProvider: string;
  /** The deck's language chosen in the wizard. */
  language: string;
  onReady: (presentationId: string) => void;
}

export function TemplateStep({ blog, ttsProvider, language, onReady }: TemplateStepProps) {
  const [open, setOpen] = useState(true);
  const [templates, setTemplates] = useState<TemplatesLoad>({ status: "loading" });
  const [chosen, setChosen] = useState("professional");
  const [mainOnly, setMainOnly] = useState(true);
  const { state, stage, start, reset } = useGeneration(blog, onReady);
  const canGenerate = hasMainSource(blog);

  const [attempt, setAttempt] = useState(0);

  // Loaded on opening and on Try Again (which shows the loading state first); a late answer of an earlier try is dropped.
  useEffect(() => {
    let current = true;
    api.get<{ templates: TemplateOption[] }>("/presentations/templates").then(
      (answer) => current && setTemplates({ status: "ready", templates: answer.templates }),
      (error: unknown) => current && setTemplates({ status: "failed", message: templateLoadMessage(error) }),
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  const busy = state.phase === "starting" || state.phase === "running" || state.phase === "completed";
  const chosenName = templates.status === "ready" ? (templates.templates.find((template) => template.id === chosen)?.name ?? chosen) : chosen;

  return (
    <div className="flex flex-col gap-4">
      <section className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm sm:p-6">
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <div className="w-full max-w-[12rem] shrink-0">
            <TemplatePreview templateId={chosen} />
          </div>
          <div className="min-w-0 flex-1">
            <h2 className="text-lg font-semibold text-slate-900">AI Generation</h2>
            <p className="mt-1 text-sm text-slate-600">
              {busy ? `Generating with the ${chosenName} template.` : `Template: ${chosenName}. Slides and narration are written from the blog's sources.`}
            </p>
            {stage ? <ProgressBar stage={stage} className="mt-3" /> : null}
            {state.phase === "failed" ? <p className="mt-2 text-sm text-red-700">{state.error}</p> : null}
          </div>
          <Button onClick={() => setOpen(true)} variant={busy ? "outline" : "primary"} className="self-start sm:self-center">
            <LayoutTemplate className="h-4 w-4" aria-hidden />
            {busy ? "Show Progress" : "Choose Template"}
          </Button>
        </div>
      </section>

      <Dialog open={open} onOpenChange={setOpen}>
        <DialogContent className="max-w-3xl">
          <DialogHeader>
            <DialogTitle>{state.phase === "completed" ? "Presentation Ready" : busy ? "Generating Presentation" : "Choose a Template"}</DialogTitle>
            <DialogDescription>
              {busy ? "Slides and narration are being written from the blog's sources." : "Pick the look of your slides. You can review and edit every slide afterwards."}
            </DialogDescription>
          </DialogHeader>

          {busy && stage ? (
            <GenerationProgress stage={stage} templateName={chosenName} />
          ) : state.phase === "failed" ? (
            <FailedGeneration state={state} onRetry={reset} />
          ) : (
            <>
              {!canGenerate ? <Alert variant="destructive">{NO_MAIN_SOURCE}</Alert> : null}
              <TemplateList load={templates} chosen={chosen} onChoose={setChosen} onRetry={() => {
                  setTemplates({ status: "loading" });
                  setAttempt((value) => value + 1);
                }}
              />
              <label className="flex items-start gap-3 rounded-lg border border-slate-200 bg-slate-50 p-3 text-sm">
                <Checkbox checked={mainOnly} onCheckedChange={(value) => setMainOnly(value === true)} className="mt-0.5" aria-describedby="main-only-hint" />
                <span>
                  <span className="flex items-center gap-1.5 font-medium text-slate-900">
                    <FileText className="h-4 w-4 text-slate-500" aria-hidden />
                    Use the main document only
                  </span>
                  <span id="main-only-hint" className="mt-0.5 block text-slate-600">
                    When off, the blog&apos;s website links, content blocks and extra files add detail too.
                  </span>
                </span>
              </label>
              <DialogFooter>
                <Button variant="outline" onClick={() => setOpen(false)}>
                  Cancel
                </Button>
                <Button
                  onClick={() => void start({ template: chosen, useMainSourceOnly: mainOnly, ttsProvider, language })}
                  disabled={!canGenerate || templates.status !== "ready"}
                >
                  <Sparkles className="h-4 w-4" aria-hidden />
                  Generate Presentation
                </Button>
              </DialogFooter>
            </>
          )}
        </DialogContent>
      </Dialog>
    </div>
  );
}

function TemplateList({ load, chosen, onChoose, onRetry }: { load: TemplatesLoad; chosen: string; onChoose: (id: string) => void; onRetry: () => void }) {
  if (load.status === "loading") {
    return (
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3" aria-busy="true" aria-label="Loading templates">
        {Array.from({ length: 5 }, (_, index) => (
          <Skeleton key={index} className="aspect-[4/3] w-full rounded-lg" />
        ))}
      </div>
    );
  }
  if (load.status === "failed") {
    return (
      <Alert variant="destructive">
        <p>{load.message}</p>
        <Button size="sm" variant="outline" className="mt-2 bg-white" onClick={onRetry}>
          <RotateCcw className="h-4 w-4" aria-hidden />
          Try Again
        </Button>
      </Alert>
    );
  }
  return (
    <div role="radiogroup" aria-label="Templates" className="grid grid-cols-2 gap-3 sm:grid-cols-3">
      {load.templates.map((template) => {
        const selected = template.id === chosen;
        return (
          <button
            key={template.id}
            type="button"
            role="radio"
            aria-checked={selected}
            aria-label={template.name}
            onClick={() => onChoose(template.id)}
            className={cn(
              "group relative flex flex-col gap-2 rounded-lg border p-2 text-left transition-all focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600",
              selected ? "border-brand-600 bg-brand-50 ring-2 ring-brand-600/30" : "border-slate-200 bg-white hover:border-slate-300 hover:shadow-sm",
            )}
          >
            <TemplatePreview templateId={template.id} />
            <span className="flex items-center justify-between gap-2 px-1">
              <span className="font-medium text-slate-900">{template.name}</span>
              {selected ? <CheckCircle2 className="h-4 w-4 shrink-0 text-brand-600" aria-hidden /> : null}
            </span>
            <span className="mb-1 px-1 text-xs leading-4 text-slate-600">{template.description}</span>
          </button>
        );
      })}
    </div>
  );
}

export function ProgressBar({ stage, className }: { stage: ProgressStage; className?: string }) {
  return (
    <div className={className}>
      <div className="flex items-center justify-between text-sm">
        <span className="font-medium text-slate-700">{stage.label}</span>
        <span className="tabular-nums text-slate-500">{stage.percent}%</span>
      </div>
      <div
        role="progressbar"
        aria-label="Generation progress"
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={stage.percent}
        aria-valuetext={`${stage.percent}% ${stage.label}`}
        className="mt-2 h-2.5 w-full overflow-hidden rounded-full bg-slate-100"
      >
        <div
          className={cn("h-full rounded-full transition-[width] duration-700 ease-out", stage.id === "completed" ? "bg-emerald-500" : "bg-brand-600")}
          style={{ width: `${stage.percent}%` }}
        />
      </div>
    </div>
  );
}

const STEP_ORDER = ["starting", "analyzing", "generating", "finalizing", "completed"] as const;
const STEP_NAMES: Record<(typeof STEP_ORDER)[number], string> = {
  starting: "Starting",
  analyzing: "Analyzing content",
  generating: "Generating slides",
  finalizing: "Finalizing",
  completed: "Completed",
};

function GenerationProgress({ stage, templateName }: { stage: ProgressStage; templateName: string }) {
  const reached = STEP_ORDER.indexOf(stage.id);
  return (
    <div className="flex flex-col gap-5 py-2">
      <ProgressBar stage={stage} />
      <ol className="grid grid-cols-1 gap-2 text-sm sm:grid-cols-5">
        {STEP_ORDER.map((id, index) => (
          <li
            key={id}
            className={cn(
              "flex items-center gap-2 rounded-lg border px-3 py-2 sm:flex-col sm:items-start sm:gap-1",
              index < reached || stage.id === "completed"
                ? "border-emerald-200 bg-emerald-50 text-emerald-800"
                : index === reached
                  ? "border-brand-100 bg-brand-50 text-brand-900"
                  : "border-slate-200 text-slate-400",
            )}
          >
            <span className="text-xs font-semibold tabular-nums">{[5, 20, 60, 85, 100][index]}%</span>
            <span className="font-medium">{STEP_NAMES[id]}</span>
          </li>
        ))}
      </ol>
      <p className="text-sm text-slate-600">
        {stage.id === "completed" ? "Your presentation is ready. Opening the review editor..." : `Template: ${templateName}. This usually takes a minute or two; you can keep this window open.`}
      </p>
    </div>
  );
}

function FailedGeneration({ state, onRetry }: { state: Extract<GenerationState, { phase: "failed" }>; onRetry: () => void }) {
  return (
    <div className="flex flex-col items-center gap-3 py-4 text-center">
      <span className="flex h-12 w-12 items-center justify-center rounded-full bg-red-50 text-red-600">
        <TriangleAlert className="h-6 w-6" aria-hidden />
      </span>
      <h3 className="font-semibold text-slate-900">Generation Failed</h3>
      <p role="alert" className="max-w-md text-sm text-slate-600">
        {state.error}
      </p>
      <Button onClick={onRetry}>
        <RotateCcw className="h-4 w-4" aria-hidden />
        Try Again
      </Button>
    </div>
  );
}
