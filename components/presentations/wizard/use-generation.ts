"use client";

// AI generation as the template dialog runs it (spec sections 2 and 9): POST /presentations/ with the template,
// then GET task-status every 2 seconds; the shown stage is the later of the timed stage and the server's. On
// completion the review editor opens 1.5 s later; a failure keeps the server's error (or the spec's fallback).
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/use-toast";
import { errorStatus, serverMessage } from "@/lib/errors/messages";
import { api } from "@/lib/http/client";
import type { TaskStatusOut } from "@/lib/services/presentations";
import { POLL_INTERVAL_MS, REDIRECT_DELAY_MS, shownStage, type ProgressStage, type ServerProgress } from "./progress";
import type { WizardBlog } from "./types";

export const GENERATION_FAILED = "Presentation generation failed. Please try again.";
const NOT_FOUND = "Presentation not found. It may have been deleted or is still being generated.";

/**
 * What generation_instructions says when only the main source is used (spec section 7). Its words are the ones
 * the offline generator reads as instructions about the deck, not as topics to stress.
 */
export const MAIN_SOURCE_INSTRUCTIONS = "Generate this presentation only from the main source document. Focus on its content.";

export type GenerationState =
  | { phase: "idle" }
  | { phase: "starting" }
  | { phase: "running"; presentationId: string; startedAt: number; server: ServerProgress | null }
  | { phase: "completed"; presentationId: string }
  | { phase: "failed"; presentationId: string | null; error: string };

export interface GenerationRequest {
  template: string;
  useMainSourceOnly: boolean;
  /** The narration voice preference (spec section 3). */
  ttsProvider: string;
  /** The deck's language (its phrases, voice and answers). */
  language: string;
}

export function useGeneration(blog: WizardBlog, onReady: (presentationId: string) => void) {
  const [state, setState] = useState<GenerationState>({ phase: "idle" });
  const [now, setNow] = useState(() => Date.now());
  const ready = useRef(onReady);
  useEffect(() => {
    ready.current = onReady;
  }, [onReady]);

  const start = useCallback(
    async ({ template, useMainSourceOnly, ttsProvider, language }: GenerationRequest) => {
      setState({ phase: "starting" });
      try {
        const created = await api.post<{ presentation_id: string }>("/presentations/", {
          blog_id: blog.id,
          template,
          generation_method: "ai_template",
          content_source: blog.is_website ? "website" : "uploaded_file",
          ...(blog.main_text ? { source_content: blog.main_text } : {}),
          use_main_source_only: useMainSourceOnly,
          ...(useMainSourceOnly ? { generation_instructions: MAIN_SOURCE_INSTRUCTIONS } : {}),
          tts_provider: ttsProvider,
          language,
        });
        const startedAt = Date.now();
        setNow(startedAt);
        setState({ phase: "running", presentationId: created.presentation_id, startedAt, server: null });
      } catch (error) {
        const message = serverMessage(error) ?? "Failed to create presentation";
        toast({ title: "Error", description: message, variant: "destructive" });
        setState({ phase: "failed", presentationId: null, error: message });
      }
    },
    [blog.id, blog.is_website, blog.main_text],
  );

  const running = state.phase === "running" ? state.presentationId : null;

  // The timed stages move on their own between polls.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(timer);
  }, [running]);

  // Task status every 2 seconds until the deck is completed or failed.
  useEffect(() => {
    if (!running) return;
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const poll = async () => {
      try {
        const status = await api.get<TaskStatusOut>(`/presentations/${running}/task-status`);
        if (stopped) return;
        if (status.status === "completed") {
          setState({ phase: "completed", presentationId: running });
          return;
        }
        if (status.status === "failed") {
          setState({ phase: "failed", presentationId: running, error: status.error?.trim() || GENERATION_FAILED });
          return;
        }
        setState((current) => (current.phase === "running" && current.presentationId === running ? { ...current, server: { status: status.status, progress: status.progress } } : current));
      } catch (error) {
        if (stopped) return;
        if (errorStatus(error) === 404) {
          setState({ phase: "failed", presentationId: running, error: NOT_FOUND });
          return;
        }
        // A dropped poll (network, server restart) is tried again at the next interval; the job keeps running.
      }
      timer = setTimeout(poll, POLL_INTERVAL_MS);
    };
    timer = setTimeout(poll, POLL_INTERVAL_MS);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
  }, [running]);

  const completed = state.phase === "completed" ? state.presentationId : null;
  useEffect(() => {
    if (!completed) return;
    const timer = setTimeout(() => ready.current(completed), REDIRECT_DELAY_MS);
    return () => clearTimeout(timer);
  }, [completed]);

  const reset = useCallback(() => setState({ phase: "idle" }), []);

  let stage: ProgressStage | null = null;
  if (state.phase === "starting") stage = shownStage(0, null);
  else if (state.phase === "running") stage = shownStage(now - state.startedAt, state.server);
  else if (state.phase === "completed") stage = shownStage(0, { status: "completed", progress: 100 });

  return { state, stage, start, reset };
}
