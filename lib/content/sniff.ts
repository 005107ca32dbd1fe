// The real type of an upload, read from its bytes with file-type: never from its name or the client's Content-Type.
import { open } from "node:fs/promises";
import { fileTypeFromBuffer, fileTypeFromFile, type FileTypeResult } from "file-type";
import { InvalidFileType } from "./errors";
import { guardArchive, type ArchiveLimits } from "./zip-guard";

export const FILE_KINDS = ["pdf", "docx", "pptx", "ppt", "png", "jpeg", "gif"] as const;
export type FileKind = (typeof FILE_KINDS)[number];
export type SniffedKind = FileKind | "other";

export const MIME_TYPE_OF: Record<FileKind, string> = {
  pdf: "application/pdf",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  pptx: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
  ppt: "application/vnd.ms-powerpoint",
  png: "image/png",
  jpeg: "image/jpeg",
  gif: "image/gif",
};

/**
 * Leading bytes enough for sniffBytes. A DOCX/PPTX is told from a plain zip by its first entry,
 * [Content_Types].xml, which Word, LibreOffice and Google Docs all write first; a file on disk (sniffFile) needs no
 * such assumption.
 */
export const SNIFF_HEAD_BYTES = 64 * 1024;

const KIND_OF_EXTENSION: Record<string, FileKind> = {
  pdf: "pdf",
  // An Illustrator file saved "PDF compatible" is a PDF with extra private data; PDF readers open it as one.
  ai: "pdf",
  docx: "docx",
  pptx: "pptx",
  png: "png",
  // Animated PNG is still a PNG to every image reader.
  apng: "png",
  jpg: "jpeg",
  gif: "gif",
};

function kindOf(result: FileTypeResult | undefined): SniffedKind {
  return (result && KIND_OF_EXTENSION[result.ext]) ?? "other";
}

/**
 * A legacy PowerPoint file is an OLE compound file ("cfb" to file-type, like .doc and .xls) whose directory holds a
 * stream named "PowerPoint Document"; directory entry names are UTF-16LE.
 */
const POWERPOINT_STREAM = Buffer.from("PowerPoint Document", "utf16le");

function holdsPowerPointStream(bytes: Uint8Array): boolean {
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).includes(POWERPOINT_STREAM);
}

/** Whether a compound file on disk has the PowerPoint stream, read in pieces (the directory may sit anywhere). */
async function fileHoldsPowerPointStream(path: string): Promise<boolean> {
  const handle = await open(path, "r");
  try {
    const chunk = Buffer.alloc(1024 * 1024);
    const overlap = POWERPOINT_STREAM.length - 1;
    let position = 0;
    let carried = 0;
    for (;;) {
      const { bytesRead } = await handle.read(chunk, carried, chunk.length - carried, position);
      if (bytesRead === 0) return false;
      const filled = carried + bytesRead;
      if (chunk.subarray(0, filled).includes(POWERPOINT_STREAM)) return true;
      position += bytesRead;
      // The last bytes go to the front, so a name split across two reads is still found.
      carried = Math.min(overlap, filled);
      chunk.copy(chunk, 0, filled - carried, filled);
    }
  } finally {
    await handle.close();
  }
}

/** The kind of a file from its first bytes (at least SNIFF_HEAD_BYTES of them when the file is longer). */
export async function sniffBytes(head: Uint8Array): Promise<SniffedKind> {
  const result = await fileTypeFromBuffer(head);
  if (result?.ext === "cfb") return holdsPowerPointStream(head) ? "ppt" : "other";
  return kindOf(result);
}

/** The kind of a file on disk (file-type reads only what it needs, within its own bounds). */
export async function sniffFile(path: string): Promise<SniffedKind> {
  const result = await fileTypeFromFile(path);
  if (result?.ext === "cfb") return (await fileHoldsPowerPointStream(path)) ? "ppt" : "other";
  return kindOf(result);
}

const DOCUMENT_KINDS: readonly FileKind[] = ["pdf", "docx"];
const IMAGE_KINDS: readonly FileKind[] = ["png", "jpeg", "gif"];

/** The spec's description of what an upload accepts (content-workflow sections 5 and 8), naming the refused file. */
export function invalidFileTypeDescription(allowed: readonly FileKind[], fileName?: string): string {
  if (allowed.every((kind) => DOCUMENT_KINDS.includes(kind))) {
    return fileName
      ? `Only PDF and DOCX formats are supported. Please remove: ${fileName}`
      : "Only PDF and DOCX formats are supported.";
  }
  if (allowed.every((kind) => IMAGE_KINDS.includes(kind))) return "Only JPG, GIF, and PNG images are allowed";
  if (allowed.every((kind) => kind === "pptx" || kind === "ppt")) return "Please upload a valid PowerPoint file (.ppt or .pptx)";
  return `Only ${allowed.map((kind) => kind.toUpperCase()).join(", ")} files are accepted.`;
}

/**
 * The kind of an upload when it is one of `allowed`; otherwise throws InvalidFileType (415, "Invalid File Type: ...").
 * `source` is the head of the file (see SNIFF_HEAD_BYTES) or the path of the whole file on disk.
 */
export async function requireKind<K extends FileKind>(
  allowed: readonly K[],
  source: Uint8Array | { path: string },
  fileName?: string,
): Promise<K> {
  const kind = source instanceof Uint8Array ? await sniffBytes(source) : await sniffFile(source.path);
  if (kind === "other" || !(allowed as readonly FileKind[]).includes(kind)) {
    throw new InvalidFileType(invalidFileTypeDescription(allowed, fileName));
  }
  return kind as K;
}

/**
 * The whole check of an upload already streamed to a temporary file: the kind from the bytes, and for a DOCX or PPTX
 * the archive bounds and required parts (guardArchive). Throws InvalidFileType (415) or ArchiveRefused (413/415).
 */
export async function checkUploadedFile<K extends FileKind>(
  path: string,
  allowed: readonly K[],
  options: { fileName?: string; archiveLimits?: Partial<ArchiveLimits> } = {},
): Promise<K> {
  const kind = await requireKind(allowed, { path }, options.fileName);
  if (kind === "docx" || kind === "pptx") await guardArchive({ path }, kind, options.archiveLimits);
  return kind;
}
