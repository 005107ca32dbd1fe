"use client";

// The transcript (issue 24): the whole narration, slide by slide (the slide's title as a heading, then its
// sentences), from the same sentence timings the captions are made of (GET …/captions.vtt is these, one cue per
// sentence). The sentence being narrated is marked (aria-current, a bar beside it and bolder type, not colour alone)
// and kept in view; each sentence is a button that goes to its slide and plays the narration from its start. The
// sentences are one stop of the Tab key (the current one), however long the deck: the up and down arrows, Home and
// End move between them.
import { X } from "lucide-react";
import { useEffect, useRef, type KeyboardEvent } from "react";
import type { PlayerSlide } from "./types";

interface TranscriptPanelProps {
  slides: readonly PlayerSlide[];
  /** The slide shown and its sentence being narrated (or next to be). */
  slideIndex: number;
  sentence: number;
  /** The narration is going: the current sentence is marked more strongly. */
  playing: boolean;
  onSeek: (slideIndex: number, sentence: number) => void;
  onClose: () => void;
}

const MOVES: Record<string, (at: number, last: number) => number> = {
  ArrowDown: (at, last) => Math.min(at + 1, last),
  ArrowUp: (at) => Math.max(at - 1, 0),
  Home: () => 0,
  End: (_, last) => last,
};

/** Up, down, Home and End move the focus between the sentences (and do not reach the player's own keys). */
function moveBetweenSentences(event: KeyboardEvent<HTMLDivElement>) {
  const move = MOVES[event.key];
  if (!move || event.altKey || event.ctrlKey || event.metaKey) return;
  const sentences = Array.from(event.currentTarget.querySelectorAll<HTMLButtonElement>("button[data-sentence]"));
  const at = sentences.indexOf(event.target as HTMLButtonElement);
  if (at < 0) return;
  event.preventDefault();
  event.stopPropagation();
  sentences[move(at, sentences.length - 1)]?.focus();
}

export function TranscriptPanel({ slides, slideIndex, sentence, playing, onSeek, onClose }: TranscriptPanelProps) {
  const list = useRef<HTMLDivElement>(null);

  // The current sentence stays in view: the list scrolls (never the page) when it has left the visible part.
  useEffect(() => {
    const box = list.current;
    const current = box?.querySelector<HTMLElement>("[aria-current]");
    if (!box || !current) return;
    const shown = box.getBoundingClientRect();
    const place = current.getBoundingClientRect();
    if (place.top < shown.top || place.bottom > shown.bottom) box.scrollTop += place.top - shown.top - shown.height / 3;
  }, [slideIndex, sentence]);

  // The Tab key's stop: the current sentence, or the first one when the current slide has none.
  const stop = slides[slideIndex]?.sentences[sentence] ? { slide: slideIndex, sentence } : { slide: slides.findIndex((slide) => slide.sentences.length > 0), sentence: 0 };
  return (
    <section aria-label="Transcript" className="flex h-full min-h-0 w-full flex-col bg-white text-slate-900">
      <header className="flex items-center justify-between gap-3 border-b border-slate-200 px-4 py-2">
        <div>
          <h2 className="text-sm font-semibold">Transcript</h2>
          <p className="text-xs text-slate-600">Select a sentence to hear it from there</p>
        </div>
        <button
          type="button"
          onClick={onClose}
          aria-label="Hide transcript"
          className="flex h-8 w-8 shrink-0 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600"
        >
          <X className="h-4 w-4" aria-hidden />
        </button>
      </header>
      <div ref={list} onKeyDown={moveBetweenSentences} className="min-h-0 flex-1 overflow-y-auto px-2 py-2">
        {slides.map((slide, index) => (
          <section key={slide.id} aria-labelledby={`transcript-slide-${slide.slideNumber}`} className="pb-3">
            <h3 id={`transcript-slide-${slide.slideNumber}`} className="px-2 pb-1 pt-1 text-sm font-semibold text-slate-900">
              <span className="tabular-nums text-slate-600">{slide.slideNumber}.</span> {slide.title}
            </h3>
            <ol className="flex flex-col gap-0.5">
              {slide.sentences.map((line, number) => {
                const current = index === slideIndex && number === sentence;
                return (
                  <li key={number}>
                    <button
                      type="button"
                      onClick={() => onSeek(index, number)}
                      aria-current={current ? "true" : undefined}
                      tabIndex={index === stop.slide && number === stop.sentence ? 0 : -1}
                      data-sentence=""
                      className={[
                        "block min-h-6 w-full rounded-md border-l-4 px-2 py-1 text-left text-sm leading-snug focus-visible:outline-2 focus-visible:-outline-offset-2 focus-visible:outline-brand-600",
                        current
                          ? `border-brand-600 font-semibold text-slate-900 ${playing ? "bg-brand-100" : "bg-slate-100"}`
                          : "border-transparent text-slate-700 hover:bg-slate-100",
                      ].join(" ")}
                    >
                      {line.text}
                    </button>
                  </li>
                );
              })}
            </ol>
          </section>
        ))}
      </div>
    </section>
  );
}
