// The player's own shapes (spec section 3, "Player slide" and "Q&A message"), built from either API answer:
// GET /presentations/{id} for a signed-in viewer, GET /presentations/share/{token} for a shared link.

/** One sentence of a slide's narration and where it is heard in that slide's audio file. */
export interface SentenceTiming {
  text: string;
  start_ms: number;
  end_ms: number;
}

/** A slide as either API sends it; the fields the other answer lacks are optional. */
export interface ApiSlide {
  id: string;
  slide_number: number;
  slide_title?: string | null;
  body?: string | null;
  slide_content?: string | null;
  web_image_url?: string | null;
  mobile_image_url?: string | null;
  image_url?: string | null;
  public_web_image_url?: string | null;
  public_mobile_image_url?: string | null;
  audio_url?: string | null;
  public_audio_url?: string | null;
  audio_duration_ms?: number | null;
  audio_sentences?: SentenceTiming[] | null;
}

/** The presentation as either API sends it. */
export interface ApiPresentation {
  id: string;
  status: string;
  webhook_status?: string | null;
  blog_id?: string;
  blog_title?: string;
  blog?: { id?: string; blog_title?: string } | null;
  session_id?: string | null;
  /** The shared answer's word on whether this server can transcribe the tenant's voice questions. */
  speech_to_text_available?: boolean;
  /** The deck's language (ISO 639-1): its captions' srclang. */
  language?: string;
  slides: ApiSlide[];
}

export interface PlayerSlide {
  id: string;
  slideNumber: number;
  /** The slide's title, or 'Slide {n}'. */
  title: string;
  /** The text shown on the slide (the text fallback when no image can be shown). */
  content: string;
  /** What is narrated: the script when it is longer than 10 characters, else title plus content. */
  narratorScript: string;
  imageUrl: string | null;
  mobileImageUrl: string | null;
  audioUrl: string | null;
  audioDurationMs: number | null;
  /** The narration's sentences with their place in the audio (estimated when the server sent no timings). */
  sentences: SentenceTiming[];
  /** Seconds the timer shows the slide when it has no narration: 10 plus 2 per slide index. */
  duration: number;
}

export interface PlayerPresentation {
  id: string;
  title: string;
  blogId: string | null;
  status: string;
  /** Whether voice questions can be transcribed, where the answer said (a shared deck); else the page decides. */
  voiceQuestions?: boolean;
  /** The deck's language, its captions' srclang ("en" when the server did not say). */
  language: string;
  slides: PlayerSlide[];
}

/** Where the player reads from: the signed-in API, or the public one with the share token on every call. */
export type PlayerSource = { kind: "signed-in"; presentationId: string } | { kind: "shared"; token: string };

export interface AnswerSource {
  label: string;
  slide_number: number | null;
}

export interface QaMessage {
  id: string;
  type: "question" | "answer";
  content: string;
  /** ISO time. */
  timestamp: string;
  sources?: AnswerSource[];
}
