"use client";

// The Q&A panel (spec section 2): 'Q&A Session' with the message count, the empty state, questions on the left
// and answers on the right with their badge, time and (for answers) where the answer comes from, and a box to type
// a question (beyond the spec: Q&A also works where there is no microphone or speech recognition). Where the tenant
// has more than one recogniser, a signed-in viewer picks the one for voice questions under the box.
import { BookOpen, ChevronDown, Keyboard, MessageCircleQuestion, Mic, Send, X } from "lucide-react";
import { useEffect, useId, useRef, useState, type FormEvent } from "react";
import type { SpeechPreference } from "@/components/speech/use-speech-preference";
import { cn } from "@/lib/cn";
import type { QaMessage } from "./types";

export interface QaPanelProps {
  messages: QaMessage[];
  answering: boolean;
  onAsk: (question: string) => Promise<boolean>;
  /** In the bottom sheet (phones, short frames): a close button. */
  onClose?: () => void;
  /** The viewer's recogniser for voice questions (signed-in player); offered when there is a choice. */
  recognition?: SpeechPreference | null;
  /** Voice questions can be transcribed here; without, the empty state points to the question box alone. */
  voice?: boolean;
}

/** Hour and minute, as the panel shows a message's time. */
export function messageTime(timestamp: string): string {
  const date = new Date(timestamp);
  if (Number.isNaN(date.getTime())) return "";
  return `${String(date.getHours()).padStart(2, "0")}:${String(date.getMinutes()).padStart(2, "0")}`;
}

export function QaPanel({ messages, answering, onAsk, onClose, recognition, voice = true }: QaPanelProps) {
  const list = useRef<HTMLOListElement>(null);
  const [question, setQuestion] = useState("");

  useEffect(() => {
    list.current?.lastElementChild?.scrollIntoView({ block: "end", behavior: "smooth" });
  }, [messages.length]);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const text = question.trim();
    if (!text || answering) return;
    setQuestion("");
    if (!(await onAsk(text))) setQuestion(text);
  }

  const count = messages.length;
  return (
    <section aria-label="Q&A Session" className="flex h-full min-h-0 flex-col bg-white text-slate-900">
      <header className="flex items-start justify-between gap-3 border-b border-slate-200 px-5 py-4">
        <div>
          <h2 className="text-base font-semibold">Q&amp;A Session</h2>
          <p className="text-xs text-slate-500">
            {count > 0 ? `${count} message${count === 1 ? "" : "s"} in this session` : "Interactive questions and answers"}
          </p>
        </div>
        {onClose ? (
          <button
            type="button"
            onClick={onClose}
            className="rounded-lg p-1.5 text-slate-500 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
            aria-label="Close Q&A"
          >
            <X className="h-5 w-5" aria-hidden />
          </button>
        ) : null}
      </header>
      {/* Focusable, so the keyboard scrolls it too (its messages have no control of their own). */}
      <div
        tabIndex={0}
        role="group"
        aria-label="Q&A messages"
        data-scrolls=""
        className="min-h-0 flex-1 overflow-y-auto px-4 py-4 focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600"
      >
        {count === 0 ? (
          <div className="flex h-full flex-col items-center justify-center gap-2 px-4 text-center">
            <span className="flex h-12 w-12 items-center justify-center rounded-full bg-brand-50 text-brand-600">
              <MessageCircleQuestion className="h-6 w-6" aria-hidden />
            </span>
            <p className="font-medium text-slate-800">No Questions Yet</p>
            <p className="text-sm text-slate-500">Questions and answers will appear here when participants ask questions during the presentation.</p>
            {voice ? (
              <p className="mt-1 flex items-center gap-1.5 text-xs text-slate-600">
                <Mic className="h-3.5 w-3.5" aria-hidden />
                Click the mic button below the slide to ask questions
              </p>
            ) : (
              <p className="mt-1 text-xs text-slate-500">
                <Keyboard className="mr-1.5 inline h-3.5 w-3.5 align-[-3px]" aria-hidden />
                Type your question in the box below: voice questions are not available here
              </p>
            )}
          </div>
        ) : (
          <ol ref={list} className="flex flex-col gap-3" aria-label="Questions and answers">
            {messages.map((message) => (
              <MessageItem key={message.id} message={message} />
            ))}
            {answering ? (
              <li className="flex justify-end" aria-live="polite">
                <span className="flex items-center gap-1 rounded-2xl bg-slate-100 px-4 py-3" aria-label="Answering">
                  {[0, 1, 2].map((dot) => (
                    <span key={dot} className="h-1.5 w-1.5 animate-bounce rounded-full bg-slate-400" style={{ animationDelay: `${dot * 150}ms` }} />
                  ))}
                </span>
              </li>
            ) : null}
          </ol>
        )}
      </div>
      <div className="border-t border-slate-200">
        <form onSubmit={(event) => void submit(event)} className="flex items-center gap-2 p-3">
          <label htmlFor="qa-question" className="sr-only">
            Type a question
          </label>
          <input
            id="qa-question"
            value={question}
            onChange={(event) => setQuestion(event.target.value)}
            placeholder="Type a question…"
            maxLength={1000}
            autoComplete="off"
            className="h-10 min-w-0 flex-1 rounded-lg border border-slate-300 px-3 text-sm focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
          />
          <button
            type="submit"
            disabled={answering || !question.trim()}
            className="flex h-10 w-10 shrink-0 items-center justify-center rounded-lg bg-brand-600 text-white hover:bg-brand-700 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:opacity-50"
            aria-label="Ask"
          >
            <Send className="h-4 w-4" aria-hidden />
          </button>
        </form>
        {recognition && recognition.choices.length > 1 ? <RecognitionChoice recognition={recognition} /> : null}
      </div>
    </section>
  );
}

function RecognitionChoice({ recognition }: { recognition: SpeechPreference }) {
  const id = useId();
  return (
    <div className="-mt-1 flex items-center justify-between gap-3 px-3 pb-3 text-xs text-slate-500">
      <label htmlFor={id} className="flex shrink-0 items-center gap-1.5">
        <Mic className="h-3.5 w-3.5" aria-hidden />
        Speech recognition
      </label>
      <div className="relative min-w-0">
        <select
          id={id}
          value={recognition.value}
          onChange={(event) => recognition.choose(event.target.value)}
          className="h-8 max-w-full cursor-pointer appearance-none truncate rounded-md border border-slate-200 bg-white pl-2 pr-7 text-xs text-slate-700 hover:border-slate-300 focus-visible:border-brand-600 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600"
        >
          {recognition.choices.map((choice) => (
            <option key={choice.value} value={choice.value}>
              {choice.label}
            </option>
          ))}
        </select>
        <ChevronDown className="pointer-events-none absolute right-2 top-1/2 h-3.5 w-3.5 -translate-y-1/2 text-slate-400" aria-hidden />
      </div>
    </div>
  );
}

function MessageItem({ message }: { message: QaMessage }) {
  const question = message.type === "question";
  return (
    <li className={cn("flex flex-col gap-1", question ? "items-start" : "items-end")} aria-label={question ? "Question" : "Answer"}>
      <div className="flex items-center gap-2 text-[11px] text-slate-500">
        <span
          className={cn(
            "rounded-full px-2 py-0.5 font-semibold",
            question ? "bg-brand-50 text-brand-700 ring-1 ring-inset ring-brand-100" : "bg-emerald-50 text-emerald-700 ring-1 ring-inset ring-emerald-200",
          )}
        >
          {question ? "Question" : "Answer"}
        </span>
        <time dateTime={message.timestamp}>{messageTime(message.timestamp)}</time>
      </div>
      <p
        className={cn(
          "max-w-[85%] whitespace-pre-line rounded-2xl px-4 py-2.5 text-sm leading-relaxed",
          question ? "rounded-tl-sm bg-brand-600 text-white" : "rounded-tr-sm bg-slate-100 text-slate-800",
        )}
      >
        {message.content}
      </p>
      {!question && message.sources && message.sources.length > 0 ? (
        <p className="flex max-w-[85%] flex-wrap items-center justify-end gap-1 text-[11px] text-slate-500">
          <BookOpen className="h-3 w-3" aria-hidden />
          <span>From:</span>
          {message.sources.map((source, index) => (
            <span key={`${source.label}-${index}`} className="rounded bg-slate-100 px-1.5 py-0.5 text-slate-600">
              {source.label}
            </span>
          ))}
        </p>
      ) : null}
    </li>
  );
}
