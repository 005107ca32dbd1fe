import type { Metadata } from "next";
import { connection } from "next/server";
import { cache } from "react";
import { SHARED_LOAD_MESSAGES } from "@/lib/player/messages";
import { PlayerMessage } from "@/components/player/player-message";
import { ReloadButton } from "@/components/player/reload-button";
import { SharedPlayerEntry } from "@/components/player/shared-entry";
import type { ApiPresentation } from "@/components/player/types";
import { asApiJson } from "@/lib/http/initial-data";
import { PRODUCT_NAME } from "@/lib/brand";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { SCRIPT_MIN_LENGTH } from "@/lib/services/narration";
import { getSharedPresentation, type SharedPresentationOut } from "@/lib/services/sharing";

interface SharePageProps {
  params: Promise<{ shareToken: string }>;
}

type Outcome = { kind: "found"; presentation: SharedPresentationOut } | { kind: "failed"; message: string };

/** The shared presentation, read once per request (the preview tags and the page). */
const readShared = cache(async (token: string): Promise<Outcome> => {
  try {
    return { kind: "found", presentation: asApiJson<SharedPresentationOut>(await getSharedPresentation(token)) };
  } catch (error) {
    const status = error instanceof AppError ? error.status : 500;
    // Section 8, shared load: 404 gone or expired, 400 not ready, anything else the general message.
    const message = status === 404 ? SHARED_LOAD_MESSAGES.gone : status === 400 ? SHARED_LOAD_MESSAGES.notReady : SHARED_LOAD_MESSAGES.other;
    return { kind: "failed", message };
  }
});

/**
 * What the player reads of the shared deck, for the page's serialised props: each address once (the answer repeats
 * them under the signed-in player's names for API clients), no text paths (the texts are in the slides) and no
 * source list.
 */
function forPlayer(presentation: SharedPresentationOut): ApiPresentation {
  return {
    id: presentation.id,
    status: presentation.status,
    webhook_status: presentation.webhook_status,
    blog: { blog_title: presentation.blog.blog_title },
    session_id: null,
    speech_to_text_available: presentation.speech_to_text_available,
    slides: presentation.slides.map(
      ({ web_image_url: _web, mobile_image_url: _mobile, audio_url: _audio, script_path: _script, content_path: _content, ...slide }) => slide,
    ),
  };
}

function absolute(path: string): string {
  return new URL(path, env().APP_URL).href;
}

export async function generateMetadata({ params }: SharePageProps): Promise<Metadata> {
  const { shareToken } = await params;
  const outcome = await readShared(shareToken);
  // A shared link is unlisted: previews where it is posted, but no search index, unless its tenant opted the deck in.
  const unlisted = { index: false, follow: false };
  if (outcome.kind !== "found") return { title: "Shared presentation", robots: unlisted };
  const { presentation } = outcome;
  const robots = presentation.search_indexing ? { index: true, follow: true } : unlisted;
  const title = presentation.blog.blog_title;
  const count = presentation.slides.length;
  // Voice is promised only where this server can transcribe the tenant's questions; typed questions always work.
  const asking = presentation.speech_to_text_available ? "ask questions by voice" : "ask questions";
  const description = `A narrated presentation in ${count} slide${count === 1 ? "" : "s"} from ${PRODUCT_NAME}. Play it and ${asking}.`;
  const image = presentation.slides[0]?.public_web_image_url;
  const images = image ? [{ url: absolute(image), width: 1920, height: 1080, alt: title }] : undefined;
  return {
    title,
    description,
    robots,
    openGraph: { type: "website", title, description, url: absolute(`/share/presentation/${encodeURIComponent(shareToken)}`), siteName: PRODUCT_NAME, images },
    twitter: { card: image ? "summary_large_image" : "summary", title, description, images: images?.map((entry) => entry.url) },
  };
}

// The public shared player (spec section 2): no sign-in, server-rendered so the title and the first slide's image
// are in the HTML before any script runs, and embeddable by any site (lib/security-headers.ts allows framing of
// this route only). Visitors get it through the validated cache of lib/http/share-page.ts (proxy.ts), which checks
// the link on every request and renders this page only when the deck is new to the process; the router's own
// requests for flight data come here directly.
export default async function SharedPresentationPage({ params }: SharePageProps) {
  await connection();
  const { shareToken } = await params;
  const outcome = await readShared(shareToken);
  if (outcome.kind === "failed") {
    // A link that is gone stays gone; a deck not ready yet or a failed read may work on another try.
    return (
      <PlayerMessage title="Presentation Unavailable" message={outcome.message} tone="error">
        {outcome.message === SHARED_LOAD_MESSAGES.gone ? null : <ReloadButton />}
      </PlayerMessage>
    );
  }
  return (
    <>
      <SharedPlayerEntry token={shareToken} initial={forPlayer(outcome.presentation)} />
      <Transcript presentation={outcome.presentation} />
    </>
  );
}

/**
 * The deck's words in the server's HTML, before any script: each slide's title, its text and its narration (the
 * sentences spoken, or the script). The slides themselves are pictures, so this is what a screen reader, a reader
 * mode, a link preview or `curl` can read; it takes no room on screen.
 */
function Transcript({ presentation }: { presentation: SharedPresentationOut }) {
  return (
    <section aria-labelledby="transcript-heading" className="sr-only">
      <h2 id="transcript-heading">Transcript of {presentation.blog.blog_title}</h2>
      {presentation.slides.map((slide) => {
        const lines = slide.body.split("\n").map((line) => line.trim()).filter(Boolean);
        // The script as written; a script too short to speak is narrated from the title and text, as the audio says.
        const spoken = slide.slide_content.trim().length > SCRIPT_MIN_LENGTH ? slide.slide_content : (slide.audio_sentences?.map((sentence) => sentence.text).join(" ") ?? "");
        return (
          <article key={slide.id} aria-labelledby={`transcript-slide-${slide.slide_number}`}>
            <h3 id={`transcript-slide-${slide.slide_number}`}>
              Slide {slide.slide_number}: {slide.slide_title}
            </h3>
            {lines.length > 0 ? (
              <ul>
                {lines.map((line, index) => (
                  <li key={index}>{line}</li>
                ))}
              </ul>
            ) : null}
            {spoken.trim() ? <p>{spoken}</p> : null}
          </article>
        );
      })}
    </section>
  );
}
