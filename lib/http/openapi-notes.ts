// What neither a route's options nor its handler's types can say, for the API reference: the fields of the three
// multipart uploads (their services read the form themselves) and the media types of the byte responses. Keyed by
// "METHOD /path"; tests/api/openapi.test.ts checks every key names a route of the document.
import { z } from "zod";
import { UPLOAD_FOLDERS } from "@/lib/services/files";
import { MAX_RECORDING_BYTES } from "@/lib/speech/audio";
import { slideImageFields } from "@/lib/validation/presentations";

const MB = 1024 * 1024;

export interface MultipartNote {
  /** The form's fields besides the file part(s); file parts are named in `files`. */
  fields: z.ZodObject;
  files: Record<string, { required: boolean; description: string }>;
  description: string;
}

export const MULTIPART: Record<string, MultipartNote> = {
  "POST /api/v1/files/upload": {
    fields: z.object({
      folder: z.enum(UPLOAD_FOLDERS as [string, ...string[]]).describe("Where the file goes; it decides the accepted types, the limit and the permission."),
      custom_filename: z.string().max(255).optional().describe("The name to keep instead of the file's own."),
    }),
    files: {
      file: {
        required: true,
        description:
          "The file. maintext and sourcefile: PDF or DOCX up to MAX_UPLOAD_BYTES (blog.create); images and slides: PNG, JPEG or GIF up to 10 MB; pptx: PPTX (or PPT where LibreOffice is installed) up to 50 MB (presentation.generate). The type is read from the bytes.",
      },
    },
    description: "Streamed to storage as it arrives; nothing is stored when any check fails.",
  },
  "POST /api/v1/presentations/upload-slide-image": {
    fields: slideImageFields,
    files: { file: { required: true, description: "A JPG, PNG or GIF (read from its bytes): up to 5 MB in the manual editor, 10 MB for imported and AI decks." } },
    description: "A picture for a slide, stored under the caller's tenant.",
  },
  "POST /api/v1/tts/speech-to-text": {
    fields: z.object({}),
    files: {
      audio_file: {
        required: true,
        description: `The recording as the browser made it (webm, ogg, mp4 or wav), ${MAX_RECORDING_BYTES / MB} MB at most; Base64 text (bare or a data URL) is read too.`,
      },
    },
    description:
      "A spoken question; the transcript is stored in the viewer's Q&A session. A recording with no words heard is 200 with an empty transcript and no chat_history_id; 503 when no recogniser is usable (the shared presentation's speech_to_text_available says so beforehand).",
  },
};

/** Media types of byte answers whose type the handler sets at run time. */
export const BINARY_TYPES: Record<string, { types: string[]; description: string; headers?: Record<string, string> }> = {
  "GET /api/v1/presentations/download/{id}": {
    types: ["application/vnd.openxmlformats-officedocument.presentationml.presentation", "application/pdf"],
    description: "The deck as a .pptx (format=pptx) or a PDF (format=pdf), streamed as it is written.",
  },
  "GET /api/v1/presentations/{id}/captions.vtt": {
    types: ["text/vtt"],
    description: "The narration's captions (WebVTT): one cue per spoken sentence, each slide's audio after the one before; with slide=n one slide's cues on its own audio's timeline; download=true names the file.",
  },
  "GET /api/v1/presentations/share/{token}/captions.vtt": {
    types: ["text/vtt"],
    description: "The captions of a deck behind a live share link, as GET /presentations/{id}/captions.vtt gives them.",
  },
  "POST /api/v1/qa/stream-response": {
    types: ["audio/mpeg"],
    description: "The spoken answer. Its text and details are in Base64 headers; without audio the body is empty and Answer-Audio says none.",
    headers: {
      "Response-Text": "The answer's text, Base64.",
      "Chat-History-ID": "The answer's id, Base64.",
      "Answer-Sources": "The passages it came from, as JSON, Base64.",
      "Question-Text": "The question, Base64.",
      "Answer-Audio": "'none' when the answer has no audio.",
    },
  },
};
