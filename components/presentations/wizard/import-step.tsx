"use client";

// PowerPoint import (spec section 2): choose a .ppt/.pptx under 50MB, upload it (folder 'pptx'), parse it
// (POST /presentations/parse-ppt), then edit the imported slides (titles, text, speaker notes as narration,
// the slides' own images) and save them as an imported presentation. Failures offer Try Again or Retry Parsing.
import { FileUp, LoaderCircle, Presentation, RotateCcw, Save, TriangleAlert, X } from "lucide-react";
import { useId, useRef, useState, type ChangeEvent, type DragEvent } from "react";
import { formatBytes } from "@/components/blogs/format";
import { slidesProblem, toSlideInputs, type EditorSlide } from "@/components/presentations/editor-slides";
import { SlideEditor } from "@/components/presentations/slide-editor";
import { Button } from "@/components/ui/button";
import { toast } from "@/components/ui/use-toast";
import { TransportError, api } from "@/lib/http/client";
import { cn } from "@/lib/cn";
import { editorSlidesOf, powerPointProblem, parsedSlidesOf, PPT_MESSAGES } from "./files";
import { PLACEHOLDER_PRESENTATION_ID } from "./manual-step";
import { parseFailureMessage, saveFailureMessage } from "./messages";
import { StepActions, StepIntro } from "./step-parts";

type ImportState =
  | { kind: "choose" }
  | { kind: "ready"; file: File }
  | { kind: "uploading"; file: File }
  | { kind: "parsing"; file: File; path: string }
  | { kind: "upload-failed"; file: File; message: string }
  | { kind: "parse-failed"; file: File; path: string; message: string }
  | { kind: "editing"; file: File; path: string; slides: EditorSlide[] };

interface ImportStepProps {
  blogId: string;
  /** The narration voice preference sent with the imported slides. */
  ttsProvider: string;
  /** The deck's language chosen in the wizard. */
  language: string;
  onCreated: (presentationId: string) => void;
}

export function ImportStep({ blogId, ttsProvider, language, onCreated }: ImportStepProps) {
  const [state, setState] = useState<ImportState>({ kind: "choose" });
  const [saving, setSaving] = useState(false);
  const [dragging, setDragging] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  function choose(file: File | undefined) {
    if (!file) return;
    const problem = powerPointProblem(file);
    if (problem) {
      toast({ title: problem.title, description: problem.message, variant: "destructive" });
      return;
    }
    setState({ kind: "ready", file });
  }

  function onInput(event: ChangeEvent<HTMLInputElement>) {
    choose(event.target.files?.[0]);
    // The same file may be chosen again after a failure.
    event.target.value = "";
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files[0]);
  }

  async function parse(file: File, path: string) {
    setState({ kind: "parsing", file, path });
    try {
      const slides = parsedSlidesOf(await api.post<unknown>("/presentations/parse-ppt", { file_path: path }));
      if (!slides) {
        toast({ title: "Parsing Failed", description: PPT_MESSAGES.noSlides, variant: "destructive" });
        setState({ kind: "parse-failed", file, path, message: PPT_MESSAGES.noSlides });
        return;
      }
      setState({ kind: "editing", file, path, slides: editorSlidesOf(slides) });
    } catch (error) {
      const message = parseFailureMessage(error);
      toast({ title: "Parsing Failed", description: message, variant: "destructive" });
      setState({ kind: "parse-failed", file, path, message });
    }
  }

  async function uploadAndParse(file: File) {
    setState({ kind: "uploading", file });
    const form = new FormData();
    form.append("folder", "pptx");
    form.append("file", file);
    let path: string;
    try {
      path = (await api.post<{ s3_path: string }>("/files/upload", form)).s3_path;
    } catch (error) {
      const message = error instanceof TransportError ? error.message : saveFailureMessage(error, "Failed to upload the PowerPoint file");
      toast({ title: "Upload Failed", description: message, variant: "destructive" });
      setState({ kind: "upload-failed", file, message });
      return;
    }
    await parse(file, path);
  }

  async function save(path: string, slides: EditorSlide[]) {
    const problem = slidesProblem(slides);
    if (problem) {
      toast({ title: "Error", description: problem, variant: "destructive" });
      return;
    }
    setSaving(true);
    try {
      const created = await api.post<{ presentation_id: string }>("/presentations/", {
        blog_id: blogId,
        template: "imported",
        generation_method: "import_ppt",
        source_file_path: path,
        slides: toSlideInputs(slides),
        tts_provider: ttsProvider,
        language,
      });
      onCreated(created.presentation_id);
    } catch (error) {
      // A refused save keeps the server's reason; a save that never got an answer may or may not have landed.
      const fallback = error instanceof TransportError ? "Failed to save imported presentation" : "Failed to import PowerPoint presentation";
      toast({ title: "Error", description: saveFailureMessage(error, fallback), variant: "destructive" });
      setSaving(false);
    }
  }

  if (state.kind === "editing") {
    return (
      <div className="flex flex-col gap-4">
        <StepIntro
          title="Edit imported slides"
          description={`${state.slides.length} slide${state.slides.length === 1 ? "" : "s"} from ${state.file.name}. Speaker notes became the narration scripts; check them before saving.`}
          aside={
            <Button variant="outline" size="sm" onClick={() => setState({ kind: "choose" })} disabled={saving}>
              <FileUp className="h-4 w-4" aria-hidden />
              Choose Another File
            </Button>
          }
        />
        <SlideEditor
          slides={state.slides}
          onChange={(slides) => setState({ ...state, slides })}
          presentationId={PLACEHOLDER_PRESENTATION_ID}
          imageLimit="editor"
          disabled={saving}
        />
        <StepActions>
          <Button size="lg" onClick={() => void save(state.path, state.slides)} disabled={saving}>
            <Save className="h-4 w-4" aria-hidden />
            {saving ? "Saving..." : "Save Presentation"}
          </Button>
        </StepActions>
      </div>
    );
  }

  const file = state.kind === "choose" ? null : state.file;
  const working = state.kind === "uploading" || state.kind === "parsing";
  return (
    <div className="flex flex-col gap-4">
      <StepIntro title="Import a PowerPoint file" description="Slide titles and text become your slides; speaker notes become the narration. A .ppt or .pptx file under 50MB." />
      <section className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <div
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
          className={cn(
            "flex flex-col items-center gap-3 rounded-xl border-2 border-dashed px-4 py-10 text-center transition-colors",
            dragging ? "border-brand-500 bg-brand-50" : "border-slate-300 bg-slate-50/60",
          )}
        >
          <span className="flex h-12 w-12 items-center justify-center rounded-full bg-white text-amber-600 shadow-sm ring-1 ring-slate-200">
            <Presentation className="h-6 w-6" aria-hidden />
          </span>
          <div>
            <p className="font-medium text-slate-900">Drop a PowerPoint file here</p>
            <p className="text-sm text-slate-500">or choose one from your computer (.ppt or .pptx, under 50MB)</p>
          </div>
          <input
            ref={input}
            id={inputId}
            type="file"
            accept=".ppt,.pptx,application/vnd.ms-powerpoint,application/vnd.openxmlformats-officedocument.presentationml.presentation"
            className="sr-only"
            aria-label="PowerPoint file"
            onChange={onInput}
            disabled={working}
          />
          <Button variant="outline" onClick={() => input.current?.click()} disabled={working}>
            <FileUp className="h-4 w-4" aria-hidden />
            Choose File
          </Button>
        </div>

        {file ? (
          <div className="mt-4 flex flex-col gap-3 rounded-lg border border-slate-200 p-3 sm:flex-row sm:items-center">
            <div className="flex min-w-0 flex-1 items-center gap-3">
              <span className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-amber-50 text-amber-600">
                <Presentation className="h-5 w-5" aria-hidden />
              </span>
              <div className="min-w-0">
                <p className="truncate font-medium text-slate-900">{file.name}</p>
                <p className="text-xs text-slate-500">{formatBytes(file.size)}</p>
              </div>
            </div>
            <ImportStatus state={state} />
          </div>
        ) : null}

        {state.kind === "upload-failed" || state.kind === "parse-failed" ? (
          <div role="alert" className="mt-4 flex flex-col gap-3 rounded-lg border border-red-200 bg-red-50 p-3 text-sm text-red-800 sm:flex-row sm:items-center">
            <TriangleAlert className="h-4 w-4 shrink-0" aria-hidden />
            <p className="min-w-0 flex-1">{state.message}</p>
            <div className="flex flex-wrap gap-2">
              {state.kind === "parse-failed" ? (
                <Button size="sm" variant="outline" className="bg-white" onClick={() => void parse(state.file, state.path)}>
                  <RotateCcw className="h-4 w-4" aria-hidden />
                  Retry Parsing
                </Button>
              ) : null}
              <Button size="sm" variant="outline" className="bg-white" onClick={() => setState({ kind: "choose" })}>
                <RotateCcw className="h-4 w-4" aria-hidden />
                Try Again
              </Button>
            </div>
          </div>
        ) : null}
      </section>

      {state.kind === "ready" ? (
        <StepActions>
          <Button variant="outline" size="lg" onClick={() => setState({ kind: "choose" })}>
            <X className="h-4 w-4" aria-hidden />
            Remove File
          </Button>
          <Button size="lg" onClick={() => void uploadAndParse(state.file)}>
            <FileUp className="h-4 w-4" aria-hidden />
            Upload and Parse
          </Button>
        </StepActions>
      ) : null}
    </div>
  );
}

function ImportStatus({ state }: { state: ImportState }) {
  const text =
    state.kind === "ready"
      ? "Ready to parse"
      : state.kind === "uploading"
        ? "Uploading..."
        : state.kind === "parsing"
          ? "Parsing slides..."
          : state.kind === "upload-failed"
            ? "Upload failed"
            : state.kind === "parse-failed"
              ? "Parsing failed"
              : "";
  const working = state.kind === "uploading" || state.kind === "parsing";
  const failed = state.kind === "upload-failed" || state.kind === "parse-failed";
  return (
    <p
      role="status"
      className={cn(
        "flex items-center gap-1.5 self-start rounded-full px-2.5 py-1 text-xs font-medium sm:self-center",
        failed ? "bg-red-50 text-red-700" : working ? "bg-brand-50 text-brand-700" : "bg-emerald-50 text-emerald-700",
      )}
    >
      {working ? <LoaderCircle className="h-3.5 w-3.5 animate-spin" aria-hidden /> : null}
      {text}
    </p>
  );
}
