"use client";

// The presentation creation wizard (/presentations/generate/{blogId}, spec section 2): method selection with the
// banner of an existing presentation, then the chosen method's steps (manual creation; PowerPoint import; template
// and AI review) and the complete step, under a stepper. The server reads the blog, the methods and the existing
// presentation for the first view; the steps call the API themselves.
import { ArrowLeft, Check, RotateCcw } from "lucide-react";
import Link from "next/link";
import { useCallback, useEffect, useState } from "react";
import { deckLanguageFor } from "@/lib/content/languages";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { useSpeechPreference } from "@/components/speech/use-speech-preference";
import { Skeleton } from "@/components/ui/skeleton";
import { toast } from "@/components/ui/use-toast";
import { api } from "@/lib/http/client";
import { cn } from "@/lib/cn";
import { AiReviewStep } from "./ai-review-step";
import { blogPageAfter, CompleteStep } from "./complete-step";
import { ExistingBanner } from "./existing-banner";
import { ImportStep } from "./import-step";
import { ManualStep } from "./manual-step";
import { MethodSelection, NO_GENERATE_NOTICE } from "./method-selection";
import { DeckLanguageChoice } from "./deck-language";
import { NarrationVoice } from "./narration-voice";
import { backTarget, firstStepOf, stepLabel, stepsFor, type MethodId, type WizardStep } from "./steps";
import { TemplateStep } from "./template-step";
import type { CheckExists, MethodsAnswer, VoiceChoice, WizardBlog } from "./types";

export interface PresentationWizardProps {
  blog: WizardBlog;
  /** GET /presentations/methods as the server read it; absent when it could not (loaded here then). */
  initialMethods?: MethodsAnswer;
  /** GET /presentations/check-exists/{blogId}; absent without presentation view. */
  existing?: CheckExists;
  canGenerate: boolean;
  /** The tenant's usable narration voices (none without presentation generate). */
  voices?: readonly VoiceChoice[];
}

type MethodsLoad = { status: "loading" } | { status: "failed" } | { status: "ready"; answer: MethodsAnswer };

const NO_VOICES: readonly VoiceChoice[] = [];

export function PresentationWizard({ blog, initialMethods, existing, canGenerate, voices = NO_VOICES }: PresentationWizardProps) {
  const [methods, setMethods] = useState<MethodsLoad>(initialMethods ? { status: "ready", answer: initialMethods } : { status: "loading" });
  const allMethods = methods.status !== "ready" || methods.answer.configuration.enable_all_methods;
  // Not all methods offered: straight to manual creation (spec section 2).
  const [step, setStep] = useState<WizardStep>(allMethods ? "method-selection" : "manual-creation");
  const [method, setMethod] = useState<MethodId | null>(allMethods ? null : "manual");
  const [presentationId, setPresentationId] = useState<string | null>(null);

  const [attempt, setAttempt] = useState(initialMethods ? 0 : 1);
  // Every way of creating sends the chosen voice; the server narrates with it when the tenant can use it.
  const voice = useSpeechPreference("tts", voices);
  // The deck's language: the blog's when it is a deck language, else English; the user may choose another.
  const [language, setLanguage] = useState<string>(() => deckLanguageFor(blog.language));

  // Loaded here only when the server could not read them, and on Try Again (which shows the loading state first).
  useEffect(() => {
    if (attempt === 0) return;
    let current = true;
    api.get<MethodsAnswer>("/presentations/methods").then(
      (answer) => {
        if (!current) return;
        setMethods({ status: "ready", answer });
        if (!answer.configuration.enable_all_methods) {
          setMethod("manual");
          setStep("manual-creation");
        }
      },
      () => {
        if (!current) return;
        toast({ title: "Error", description: "Failed to load generation methods", variant: "destructive" });
        setMethods({ status: "failed" });
      },
    );
    return () => {
      current = false;
    };
  }, [attempt]);

  // Each step starts at the top of the page (the method cards and long slide lists scroll it).
  useEffect(() => {
    window.scrollTo({ top: 0 });
  }, [step]);

  function choose(next: MethodId) {
    if (!canGenerate) {
      toast({ title: "Permission Denied", description: NO_GENERATE_NOTICE, variant: "destructive" });
      return;
    }
    setMethod(next);
    setPresentationId(null);
    setStep(firstStepOf(next));
  }

  const created = useCallback((id: string) => {
    setPresentationId(id);
    setStep("complete");
  }, []);

  const generated = useCallback((id: string) => {
    setPresentationId(id);
    setStep("ai-editor");
  }, []);

  const back = backTarget(step, { blogKnown: true, allMethods });
  const blogHref = step === "complete" && presentationId ? blogPageAfter(blog.id, presentationId) : `/blogs/${blog.id}`;
  const steps = stepsFor(method, allMethods);
  const current = steps.indexOf(step);

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-4">
        {back.to === "methods" ? (
          <Button variant="ghost" size="sm" className="-ml-3 self-start" onClick={() => setStep("method-selection")}>
            <ArrowLeft className="h-4 w-4" aria-hidden />
            {back.label}
          </Button>
        ) : (
          <Link href={blogHref} className={buttonClasses("ghost", "sm", "-ml-3 self-start")}>
            <ArrowLeft className="h-4 w-4" aria-hidden />
            {back.label}
          </Link>
        )}
        <div className="min-w-0">
          <p className="truncate text-sm font-medium text-brand-700">{blog.blog_title}</p>
          <h1 className="mt-1 text-2xl font-semibold tracking-tight text-slate-900 sm:text-3xl">
            {existing?.exists ? "Create a New Version" : "Create Presentation"}
          </h1>
        </div>
        <Stepper steps={steps} current={current} method={method} />
      </header>

      {step === "method-selection" ? (
        <div className="flex flex-col gap-5">
          {existing?.presentation ? <ExistingBanner presentation={existing.presentation} count={existing.count} /> : null}
          {canGenerate ? <NarrationVoice voice={voice} /> : null}
          {canGenerate ? <DeckLanguageChoice value={language} detected={blog.language} onChange={setLanguage} /> : null}
          {methods.status === "ready" ? (
            <MethodSelection methods={methods.answer.methods} canGenerate={canGenerate} exists={existing?.exists === true} onChoose={choose} />
          ) : methods.status === "loading" ? (
            <div className="grid gap-4 md:grid-cols-3" aria-busy="true" aria-label="Loading generation methods">
              {[0, 1, 2].map((index) => (
                <Skeleton key={index} className="h-80 w-full rounded-xl" />
              ))}
            </div>
          ) : (
            <Alert variant="destructive">
              <p>Failed to load generation methods</p>
              <Button size="sm" variant="outline" className="mt-2 bg-white" onClick={() => {
                  setMethods({ status: "loading" });
                  setAttempt((value) => value + 1);
                }}
              >
                <RotateCcw className="h-4 w-4" aria-hidden />
                Try Again
              </Button>
            </Alert>
          )}
        </div>
      ) : null}

      {/* Without the method step (not all methods offered) the voice is chosen here. */}
      {step === "manual-creation" && !allMethods && canGenerate ? <NarrationVoice voice={voice} /> : null}
      {step === "manual-creation" && !allMethods && canGenerate ? <DeckLanguageChoice value={language} detected={blog.language} onChange={setLanguage} /> : null}
      {step === "manual-creation" ? <ManualStep blogId={blog.id} ttsProvider={voice.value} language={language} onCreated={created} /> : null}
      {step === "import-ppt" ? <ImportStep blogId={blog.id} ttsProvider={voice.value} language={language} onCreated={created} /> : null}
      {step === "template-selector" ? <TemplateStep blog={blog} ttsProvider={voice.value} language={language} onReady={generated} /> : null}
      {step === "ai-editor" && presentationId ? <AiReviewStep presentationId={presentationId} onSaved={() => created(presentationId)} /> : null}
      {step === "complete" && presentationId && method ? (
        <CompleteStep blogId={blog.id} presentationId={presentationId} method={method} />
      ) : null}
    </div>
  );
}

function Stepper({ steps, current, method }: { steps: readonly WizardStep[]; current: number; method: MethodId | null }) {
  return (
    <nav aria-label="Progress">
      <ol className="flex items-center gap-2 overflow-x-auto rounded-xl border border-slate-200 bg-white p-2 shadow-sm sm:gap-3 sm:p-3">
        {steps.map((item, index) => {
          const done = index < current;
          const active = index === current;
          return (
            <li
              key={item}
              // On a phone only the current step shows its name: it takes the room it needs, the others share the rest.
              className={cn("flex min-w-0 items-center gap-2 sm:flex-1 sm:gap-3", active ? "flex-auto" : "flex-1")}
              aria-current={active ? "step" : undefined}
            >
              <span
                className={cn(
                  "flex h-7 w-7 shrink-0 items-center justify-center rounded-full text-xs font-semibold",
                  done ? "bg-emerald-500 text-white" : active ? "bg-brand-600 text-white ring-4 ring-brand-100" : "bg-slate-100 text-slate-500",
                )}
              >
                {done ? <Check className="h-4 w-4" aria-hidden /> : index + 1}
              </span>
              <span className={cn("truncate text-xs font-medium sm:text-sm", active ? "text-slate-900" : "text-slate-500", !active && "hidden sm:inline")}>
                {stepLabel(item, method)}
              </span>
              {index < steps.length - 1 ? <span className={cn("h-px min-w-3 flex-1", done ? "bg-emerald-400" : "bg-slate-200")} aria-hidden /> : null}
            </li>
          );
        })}
      </ol>
    </nav>
  );
}
