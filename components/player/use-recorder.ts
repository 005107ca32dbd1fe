"use client";

// Voice questions' recording (spec sections 4 and 5): hold to record, release to stop; MediaRecorder preferring
// webm/opus, then mp4, then webm; mono 44.1 kHz with echo cancellation and noise suppression; a 30-second cap with
// a countdown; recordings under 1000 bytes are refused here already; a double-click resets everything.
import { useCallback, useEffect, useRef, useState } from "react";
import { toast } from "@/components/ui/use-toast";

export type RecorderState = "idle" | "recording" | "processing";

export const MAX_RECORDING_SECONDS = 30;
export const MIN_RECORDING_BYTES = 1000;
const PREFERRED_TYPES = ["audio/webm;codecs=opus", "audio/mp4", "audio/webm"];

/** The first recording format this browser supports, or '' to let it choose. */
export function recordingType(isSupported: (type: string) => boolean): string {
  return PREFERRED_TYPES.find((type) => isSupported(type)) ?? "";
}

export interface Recorder {
  state: RecorderState;
  /** Seconds left before the 30-second cap, while recording. */
  secondsLeft: number;
  start: () => void;
  stop: () => void;
  reset: () => void;
}

interface RecorderOptions {
  /** Recording starts: narration pauses. */
  onStart: () => void;
  /** A recording worth sending; the recorder shows 'processing' until the promise settles. */
  onRecorded: (audio: Blob) => Promise<void>;
  /** Nothing to send (too short, failed, reset): narration resumes. */
  onCancel: () => void;
  /** False where the server cannot transcribe: nothing is recorded, and a press calls onUnavailable instead. */
  available?: boolean;
  onUnavailable?: () => void;
}

export function useRecorder({ onStart, onRecorded, onCancel, available = true, onUnavailable }: RecorderOptions): Recorder {
  const [state, setState] = useState<RecorderState>("idle");
  const [secondsLeft, setSecondsLeft] = useState(MAX_RECORDING_SECONDS);
  const stateRef = useRef<RecorderState>("idle");
  const recorderRef = useRef<MediaRecorder | null>(null);
  const streamRef = useRef<MediaStream | null>(null);
  const chunksRef = useRef<Blob[]>([]);
  const releasedRef = useRef(false);
  const discardRef = useRef(false);
  const timersRef = useRef<{ cap?: ReturnType<typeof setTimeout>; tick?: ReturnType<typeof setInterval> }>({});
  const callbacks = useRef({ onStart, onRecorded, onCancel, available, onUnavailable });

  useEffect(() => {
    callbacks.current = { onStart, onRecorded, onCancel, available, onUnavailable };
  }, [onStart, onRecorded, onCancel, available, onUnavailable]);

  const moveTo = useCallback((next: RecorderState) => {
    stateRef.current = next;
    setState(next);
  }, []);

  const cleanUp = useCallback(() => {
    clearTimeout(timersRef.current.cap);
    clearInterval(timersRef.current.tick);
    timersRef.current = {};
    streamRef.current?.getTracks().forEach((track) => track.stop());
    streamRef.current = null;
    recorderRef.current = null;
  }, []);

  const finish = useCallback(
    async (type: string) => {
      const audio = new Blob(chunksRef.current, { type: type || "audio/webm" });
      chunksRef.current = [];
      cleanUp();
      if (discardRef.current) return;
      if (audio.size < MIN_RECORDING_BYTES) {
        toast({ title: "Recording Too Short", description: "No audio captured. Please hold the button longer.", variant: "destructive" });
        moveTo("idle");
        callbacks.current.onCancel();
        return;
      }
      moveTo("processing");
      try {
        await callbacks.current.onRecorded(audio);
      } finally {
        if (stateRef.current === "processing") moveTo("idle");
      }
    },
    [cleanUp, moveTo],
  );

  const stop = useCallback(() => {
    releasedRef.current = true;
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== "inactive") recorder.stop();
  }, []);

  const start = useCallback(() => {
    if (!callbacks.current.available) {
      callbacks.current.onUnavailable?.();
      return;
    }
    // The mic cannot start while recording or processing (section 4).
    if (stateRef.current !== "idle") return;
    releasedRef.current = false;
    discardRef.current = false;
    chunksRef.current = [];
    moveTo("recording");
    setSecondsLeft(MAX_RECORDING_SECONDS);
    callbacks.current.onStart();
    const begin = async () => {
      const stream = await navigator.mediaDevices.getUserMedia({
        audio: { channelCount: 1, sampleRate: 44100, echoCancellation: true, noiseSuppression: true },
      });
      if (discardRef.current) {
        stream.getTracks().forEach((track) => track.stop());
        return;
      }
      streamRef.current = stream;
      const type = recordingType((candidate) => MediaRecorder.isTypeSupported(candidate));
      const recorder = new MediaRecorder(stream, type ? { mimeType: type } : undefined);
      recorderRef.current = recorder;
      recorder.ondataavailable = (event) => {
        if (event.data.size > 0) chunksRef.current.push(event.data);
      };
      recorder.onstop = () => void finish(recorder.mimeType || type);
      recorder.start(250);
      const startedAt = Date.now();
      timersRef.current.tick = setInterval(() => {
        setSecondsLeft(Math.max(0, MAX_RECORDING_SECONDS - Math.floor((Date.now() - startedAt) / 1000)));
      }, 250);
      timersRef.current.cap = setTimeout(() => {
        toast({ title: "Recording Timeout", description: `Recording stopped after ${MAX_RECORDING_SECONDS} seconds.` });
        stop();
      }, MAX_RECORDING_SECONDS * 1000);
      // Released while the microphone was being opened: what was heard so far is all there is.
      if (releasedRef.current) recorder.stop();
    };
    begin().catch(() => {
      cleanUp();
      if (discardRef.current) return;
      toast({
        title: "Recording Error",
        description: "Failed to start recording. Please check microphone permissions and try again.",
        variant: "destructive",
      });
      moveTo("idle");
      callbacks.current.onCancel();
    });
  }, [cleanUp, finish, moveTo, stop]);

  const reset = useCallback(() => {
    discardRef.current = true;
    const recorder = recorderRef.current;
    if (recorder && recorder.state !== "inactive") recorder.stop();
    cleanUp();
    chunksRef.current = [];
    moveTo("idle");
    setSecondsLeft(MAX_RECORDING_SECONDS);
    toast({ title: "Recording Reset", description: "Recording state has been reset." });
    callbacks.current.onCancel();
  }, [cleanUp, moveTo]);

  useEffect(
    () => () => {
      discardRef.current = true;
      const recorder = recorderRef.current;
      if (recorder && recorder.state !== "inactive") recorder.stop();
      cleanUp();
    },
    [cleanUp],
  );

  return { state, secondsLeft, start, stop, reset };
}
