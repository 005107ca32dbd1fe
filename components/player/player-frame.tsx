// The player's layout: the top bar, the slide's stage, the caption and hint lines, the controls and the docked Q&A
// panel's column. One layout for the share page's first view (shared-entry's poster, drawn on the server) and for the
// player itself, so what paints first is already the final layout. Whether the Q&A panel docks beside the slide or
// folds into a button is chosen by CSS (the same media query as DOCKED_QUERY), never measured by a script after
// hydration, so the server's HTML has the right layout for the viewport.
import { Captions, CaptionsOff, ListVideo, MessageSquare, Pause, Play, ScrollText } from "lucide-react";
import { useEffect, useRef, type ReactNode, type Ref } from "react";

/** Where the Q&A panel sits beside the slide: wide and tall enough. Otherwise it is a bottom sheet behind a button. */
export const DOCKED_QUERY = "(min-width: 768px) and (min-height: 640px)";
// DOCKED_QUERY as Tailwind variants (class names must be written out whole for Tailwind to find them).
const DOCKED_ONLY = "hidden [@media(min-width:768px)_and_(min-height:640px)]:flex";
const COMPACT_ONLY = "[@media(min-width:768px)_and_(min-height:640px)]:hidden";
const DOCKED_ROW = "[@media(min-width:768px)_and_(min-height:640px)]:flex-row";

/** Class names joined (no Tailwind merge: none of these conflict, and the share page's first script stays small). */
function classes(...names: (string | false)[]): string {
  return names.filter(Boolean).join(" ");
}

/** Where a slide's card sits: centred in the stage, which is the size container its image is measured against. */
export const SLIDE_BOX_CLASS = "absolute inset-0 flex items-center justify-center [container-type:size]";

/**
 * A slide's image: the player's and the poster's alike. Its box is the rendering's shape (16:9 wide, 4:5 portrait)
 * as large as the stage allows, known before the image has loaded, so nothing moves when it arrives (a rendering of
 * another shape, as a PowerPoint's 4:3 pages, is contained in it). "both": the browser picks the portrait rendering on
 * a portrait viewport (the <source> of PORTRAIT_QUERY).
 */
export function slideImageClass(shape: "wide" | "portrait" | "both"): string {
  const box =
    shape === "wide"
      ? "aspect-video w-[min(100cqw,100cqh*16/9)]"
      : shape === "portrait"
        ? "aspect-[4/5] w-[min(100cqw,100cqh*4/5)]"
        : "aspect-video w-[min(100cqw,100cqh*16/9)] [@media(orientation:portrait)]:aspect-[4/5] [@media(orientation:portrait)]:w-[min(100cqw,100cqh*4/5)]";
  return `${box} h-auto max-w-full select-none rounded-xl bg-white/5 object-contain shadow-2xl shadow-black/40`;
}

interface PlayerFrameProps {
  rootRef?: Ref<HTMLDivElement>;
  /** Marks the share page's render as the player (lib/http/share-page.ts caches only such renders). */
  sharedPlayer?: boolean;
  /** Before the title: Back to Blog, Restart Presentation. */
  headerStart?: ReactNode;
  title: string;
  /** Before the slide counter: the slides' loading state. */
  headerEnd?: ReactNode;
  counter: string;
  stage: ReactNode;
  caption: string;
  /** The caption is being narrated (brighter than the sentence waiting to be). */
  captionActive: boolean;
  /** The mic hint's line, kept when empty. */
  hint: ReactNode;
  controls: ReactNode;
  /** The docked Q&A panel (shown only where it docks). */
  panel: ReactNode;
  /**
   * The transcript when shown: `side` above the docked Q&A panel, or `compact` below the slide and its controls
   * (beside them on a landscape screen) where the panel does not dock.
   */
  transcript?: { place: "side" | "compact"; content: ReactNode } | null;
  /** Layers over the frame: the Q&A sheet, the narration's audio element. */
  children?: ReactNode;
  /** A dialog (the Q&A sheet) covers the frame: the top bar and the stage are inert until it closes. */
  covered?: boolean;
}

export function PlayerFrame({ rootRef, sharedPlayer = false, headerStart, title, headerEnd, counter, stage, caption, captionActive, hint, controls, panel, transcript, children, covered = false }: PlayerFrameProps) {
  return (
    <div ref={rootRef} data-shared-player={sharedPlayer ? "" : undefined} className="fixed inset-0 z-40 flex flex-col bg-slate-950 text-white">
      <header className="flex h-14 shrink-0 items-center gap-3 px-3 sm:px-5" inert={covered}>
        <div className="flex min-w-0 flex-1 items-center gap-2">
          {headerStart}
          <h1 className="truncate text-sm font-medium text-slate-200 sm:text-base">{title}</h1>
        </div>
        <div className="flex shrink-0 items-center gap-2">
          {headerEnd}
          <span className="rounded-full bg-white/10 px-3 py-1 text-sm font-medium tabular-nums" aria-label="Slide counter">
            {counter}
          </span>
        </div>
      </header>

      {/* A row where the panel docks or the screen is landscape; a column on a portrait phone (the transcript below). */}
      <div className={classes("flex min-h-0 flex-1 flex-col [@media(orientation:landscape)]:flex-row", DOCKED_ROW)} inert={covered}>
        {/* Not a <main>: the signed-in shell around this layer already has one. */}
        <div className="flex min-h-0 min-w-0 flex-1 flex-col">
          <div className="relative min-h-0 flex-1 px-2 sm:px-6">{stage}</div>
          {/* Two lines high whatever the sentence, so the slide does not move when a sentence wraps. */}
          <p
            className={classes(
              "mx-auto line-clamp-2 h-[3.25rem] max-w-3xl shrink-0 px-4 pt-3 text-center text-sm leading-snug sm:h-14 sm:text-base",
              captionActive ? "text-white" : "text-slate-400",
            )}
            aria-label="Narration caption"
          >
            {caption}
          </p>
          {/* The mic hint has its own line (kept when empty, so the controls do not jump when it comes and goes). */}
          {/* Not a live region: its countdown would be read every second (announcements.tsx says what matters). */}
          <p className="flex h-7 shrink-0 items-center justify-center">{hint}</p>
          <div className="relative flex shrink-0 items-center justify-center gap-2 px-3 pb-3 pt-1 sm:gap-3">{controls}</div>
        </div>
        {transcript?.place === "compact" ? (
          <div className="flex h-[40%] min-h-0 shrink-0 border-t border-white/10 [@media(orientation:landscape)]:h-auto [@media(orientation:landscape)]:w-80 [@media(orientation:landscape)]:border-l [@media(orientation:landscape)]:border-t-0">
            {transcript.content}
          </div>
        ) : null}
        <aside aria-label="Q&A panel" className={classes("w-96 shrink-0 border-l border-white/10", DOCKED_ONLY)}>
          <div className="flex min-h-0 w-full flex-col">
            {transcript?.place === "side" ? <div className="flex h-[45%] min-h-0 shrink-0 border-b border-slate-300">{transcript.content}</div> : null}
            <div className="flex min-h-0 flex-1 flex-col">{panel}</div>
          </div>
        </aside>
      </div>
      {children}
    </div>
  );
}

/**
 * `pending`: the control will work once the player's script is here (the server's first view); until then it is
 * disabled, so a press is not lost unnoticed, but drawn as it will be.
 */
interface Pending {
  pending?: boolean;
}

export function ControlButton({ label, onClick, disabled = false, pending = false, children }: { label: string; onClick?: () => void; disabled?: boolean; children: ReactNode } & Pending) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled || pending}
      aria-label={label}
      className={classes(
        "flex h-10 w-10 items-center justify-center rounded-full bg-white/10 text-white hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white",
        disabled && "opacity-40",
        pending && "cursor-progress",
      )}
    >
      {children}
    </button>
  );
}

/** Play or pause the narration. */
export function PlayButton({ playing, onClick, pending = false }: { playing: boolean; onClick?: () => void } & Pending) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={pending}
      aria-label={playing ? "Pause narration" : "Play narration"}
      className={classes(
        "flex h-12 w-12 items-center justify-center rounded-full bg-white text-slate-900 shadow-lg hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white",
        pending && "cursor-progress",
      )}
    >
      {playing ? <Pause className="h-5 w-5" aria-hidden /> : <Play className="ml-0.5 h-5 w-5" aria-hidden />}
    </button>
  );
}
interface SwitchProps extends Pending {
  on: boolean;
  onClick?: () => void;
}

/** The mark of a switch that is on: a bar under its icon, so the state is not told by colour alone. */
function OnMark({ on }: { on: boolean }) {
  return on ? <span className="absolute bottom-1 left-1/2 h-0.5 w-4 -translate-x-1/2 rounded-full bg-current" aria-hidden /> : null;
}

/** A round on/off button of the control bar: pressed, bright and underlined when on. */
function SwitchButton({ on, onClick, pending = false, label, title, children }: SwitchProps & { label: string; title: string; children: ReactNode }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={pending}
      aria-pressed={on}
      aria-label={label}
      title={title}
      className={classes(
        "relative flex h-10 w-10 items-center justify-center rounded-full focus-visible:outline-2 focus-visible:outline-white",
        on ? "bg-white/25 text-white hover:bg-white/30" : "bg-white/10 text-slate-400 hover:bg-white/20",
        pending && "cursor-progress",
      )}
    >
      {children}
      <OnMark on={on} />
    </button>
  );
}

/** Auto-advance on or off (spec section 4: on by default). */
export function AutoAdvanceToggle(props: SwitchProps) {
  return (
    <SwitchButton {...props} label="Auto-advance" title={props.on ? "Auto-advance is on: the next slide opens when the narration ends" : "Auto-advance is off"}>
      <ListVideo className="h-4 w-4" aria-hidden />
    </SwitchButton>
  );
}

/** Captions on or off (CC): the narration's sentence under the slide while it is spoken. */
export function CaptionsToggle(props: SwitchProps) {
  return (
    <SwitchButton {...props} label="Captions" title={props.on ? "Captions are on" : "Captions are off"}>
      {props.on ? <Captions className="h-4 w-4" aria-hidden /> : <CaptionsOff className="h-4 w-4" aria-hidden />}
    </SwitchButton>
  );
}

/** Shows or hides the transcript (top bar): its name on wider screens, its icon alone on a phone. */
export function TranscriptToggle({ on, onClick, pending = false }: SwitchProps) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={pending}
      aria-pressed={on}
      data-transcript-toggle=""
      title={on ? "Hide the transcript" : "Show the transcript"}
      className={classes(
        "relative flex h-9 min-w-9 shrink-0 items-center justify-center gap-1.5 rounded-full px-2.5 text-sm focus-visible:outline-2 focus-visible:outline-white",
        on ? "bg-white/25 text-white hover:bg-white/30" : "bg-white/10 text-slate-300 hover:bg-white/20",
        pending && "cursor-progress",
      )}
    >
      <ScrollText className="h-4 w-4" aria-hidden />
      <span className="sr-only sm:not-sr-only">Transcript</span>
      <OnMark on={on} />
    </button>
  );
}

/** The Q&A button of the compact layout (the panel docks elsewhere), with the session's message count. */
export function QaToggle({ expanded, count, onClick, pending = false }: { expanded: boolean; count: number; onClick?: () => void } & Pending) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={pending}
      aria-expanded={expanded}
      aria-label="Q&A"
      className={classes(
        "relative flex h-10 items-center gap-1.5 rounded-full bg-white/10 px-3 text-sm hover:bg-white/20 focus-visible:outline-2 focus-visible:outline-white",
        COMPACT_ONLY,
        pending && "cursor-progress",
      )}
    >
      <MessageSquare className="h-4 w-4" aria-hidden />
      <span className="hidden min-[420px]:inline">Q&amp;A</span>
      {count > 0 ? <span className="rounded-full bg-brand-500 px-1.5 text-[11px] font-semibold tabular-nums">{count}</span> : null}
    </button>
  );
}

/** The bottom sheet that holds the Q&A panel in the compact layout (never where the panel docks). */
export function QaSheet({ onClose, children }: { onClose: () => void; children: ReactNode }) {
  const sheet = useRef<HTMLDivElement>(null);
  // A dialog: the focus goes into it (unless already there: the question box), and back where it was when it closes.
  useEffect(() => {
    const before = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!sheet.current?.contains(document.activeElement)) sheet.current?.focus();
    return () => before?.focus();
  }, []);
  return (
    <div className={COMPACT_ONLY}>
      <div className="fixed inset-0 z-50 bg-black/50" onClick={onClose} aria-hidden />
      <div
        ref={sheet}
        tabIndex={-1}
        role="dialog"
        aria-modal="true"
        aria-label="Q&A Session"
        onKeyDown={(event) => {
          if (event.key !== "Escape") return;
          event.stopPropagation();
          onClose();
        }}
        className="fixed inset-x-0 bottom-0 z-50 flex h-[75%] flex-col overflow-hidden rounded-t-2xl shadow-2xl outline-none"
      >
        {children}
      </div>
    </div>
  );
}

/**
 * The docked Q&A panel's place until the panel's script has come: its header as the panel draws it, so the column is
 * the panel's from the first paint on.
 */
export function QaPanelPlaceholder() {
  return (
    <div className="flex h-full min-h-0 flex-col bg-white text-slate-900" aria-busy="true">
      <div className="border-b border-slate-200 px-5 py-4">
        <p className="text-base font-semibold">Q&amp;A Session</p>
        <p className="text-xs text-slate-500">Interactive questions and answers</p>
      </div>
    </div>
  );
}
