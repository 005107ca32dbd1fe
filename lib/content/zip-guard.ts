// Bounds of a DOCX/PPTX (a zip archive) checked before any parser opens it. The central directory's sizes may lie,
// so every entry is really inflated and its bytes counted as they stream, stopping at the first bound crossed.
import yauzl, { type Entry, type ZipFile } from "yauzl";
import { ArchiveRefused } from "./errors";

export interface ArchiveLimits {
  /** Most entries an archive may hold (a DOCX has a few dozen). */
  maxEntries: number;
  /** Most bytes all entries may inflate to together. */
  maxTotalBytes: number;
  /** Most bytes one entry may inflate to. */
  maxEntryBytes: number;
  /** Highest inflated-to-compressed ratio of an entry, judged once it has inflated ratioFloorBytes. */
  maxRatio: number;
  /** Small XML parts legitimately compress very well; the ratio only marks a bomb on entries bigger than this. */
  ratioFloorBytes: number;
}

export const DEFAULT_ARCHIVE_LIMITS: ArchiveLimits = {
  maxEntries: 2_000,
  maxTotalBytes: 200 * 1024 * 1024,
  maxEntryBytes: 100 * 1024 * 1024,
  maxRatio: 100,
  ratioFloorBytes: 1024 * 1024,
};

/** Parts without which the archive is not the document it claims to be. */
const REQUIRED_PARTS: Record<"docx" | "pptx", string[]> = {
  docx: ["[Content_Types].xml", "word/document.xml"],
  pptx: ["[Content_Types].xml", "ppt/presentation.xml"],
};

export interface ArchiveSummary {
  entries: number;
  /** Bytes really inflated from all entries. */
  totalBytes: number;
}

const STORED = 0;
const DEFLATED = 8;

async function openArchive(source: Uint8Array | { path: string }): Promise<ZipFile> {
  // Sizes are checked here, against the real bytes, so yauzl's own check (which only compares with the declared
  // size, and fails with a bare Error) is off.
  const options = { lazyEntries: true, autoClose: false, validateEntrySizes: false, decodeStrings: true };
  try {
    return source instanceof Uint8Array
      ? await yauzl.fromBufferPromise(Buffer.from(source.buffer, source.byteOffset, source.byteLength), options)
      : await yauzl.openPromise(source.path, options);
  } catch (error) {
    throw new ArchiveRefused("damaged", String(error));
  }
}

async function inflateAndCount(
  zip: ZipFile,
  entry: Entry,
  limits: ArchiveLimits,
  totalBefore: number,
): Promise<number> {
  let stream;
  try {
    stream = await zip.openReadStreamPromise(entry);
  } catch (error) {
    throw new ArchiveRefused("damaged", `${entry.fileName}: ${String(error)}`);
  }
  let bytes = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      bytes += chunk.length;
      if (bytes > limits.maxEntryBytes) throw new ArchiveRefused("entry-too-large", entry.fileName);
      if (totalBefore + bytes > limits.maxTotalBytes) throw new ArchiveRefused("total-too-large", entry.fileName);
      if (bytes > limits.ratioFloorBytes && bytes / Math.max(entry.compressedSize, 1) > limits.maxRatio) {
        throw new ArchiveRefused("compression-ratio", `${entry.fileName}: ${bytes} from ${entry.compressedSize}`);
      }
    }
  } catch (error) {
    // Leaving the loop by throwing destroys the stream, so inflation stops here.
    if (error instanceof ArchiveRefused) throw error;
    throw new ArchiveRefused("damaged", `${entry.fileName}: ${String(error)}`);
  }
  if (bytes !== entry.uncompressedSize) {
    throw new ArchiveRefused("size-mismatch", `${entry.fileName}: declared ${entry.uncompressedSize}, inflated ${bytes}`);
  }
  return bytes;
}

/**
 * Refuses (ArchiveRefused) an archive out of bounds, damaged, encrypted, or, when `kind` is given, lacking that
 * document's required parts. `source` is the archive's bytes or its path on disk (read in slices, never whole).
 */
export async function guardArchive(
  source: Uint8Array | { path: string },
  kind: "docx" | "pptx" | null,
  overrides: Partial<ArchiveLimits> = {},
): Promise<ArchiveSummary> {
  const limits = { ...DEFAULT_ARCHIVE_LIMITS, ...overrides };
  const zip = await openArchive(source);
  try {
    // The end record's count bounds how many central directory entries yauzl will read at all.
    if (zip.entryCount > limits.maxEntries) throw new ArchiveRefused("too-many-entries", String(zip.entryCount));
    const names = new Set<string>();
    const localHeaderOffsets = new Set<number>();
    let declaredTotal = 0;
    let totalBytes = 0;
    let entries = 0;
    for await (const entry of iterateEntries(zip)) {
      entries += 1;
      if (entry.isEncrypted()) throw new ArchiveRefused("encrypted", entry.fileName);
      if (entry.compressionMethod !== STORED && entry.compressionMethod !== DEFLATED) {
        throw new ArchiveRefused("damaged", `${entry.fileName}: compression method ${entry.compressionMethod}`);
      }
      // Entries sharing their data are the overlapping kind of zip bomb; a real document never does this.
      if (localHeaderOffsets.has(entry.relativeOffsetOfLocalHeader)) {
        throw new ArchiveRefused("damaged", `${entry.fileName}: shares its data with another entry`);
      }
      localHeaderOffsets.add(entry.relativeOffsetOfLocalHeader);
      // Declared sizes already out of bounds need no inflating to be refused.
      if (entry.uncompressedSize > limits.maxEntryBytes) throw new ArchiveRefused("entry-too-large", entry.fileName);
      declaredTotal += entry.uncompressedSize;
      if (declaredTotal > limits.maxTotalBytes) throw new ArchiveRefused("total-too-large", entry.fileName);
      names.add(entry.fileName);
      if (!entry.fileName.endsWith("/")) totalBytes += await inflateAndCount(zip, entry, limits, totalBytes);
    }
    if (kind) {
      const missing = REQUIRED_PARTS[kind].filter((part) => !names.has(part));
      if (missing.length > 0) throw new ArchiveRefused("missing-part", missing.join(", "));
    }
    return { entries, totalBytes };
  } finally {
    zip.close();
  }
}

async function* iterateEntries(zip: ZipFile): AsyncGenerator<Entry> {
  try {
    for await (const entry of zip.eachEntry()) yield entry;
  } catch (error) {
    if (error instanceof ArchiveRefused) throw error;
    throw new ArchiveRefused("damaged", String(error));
  }
}

/**
 * The bytes of one entry of an archive already passed by guardArchive, or null when it is absent or larger than
 * `maxBytes` (a document's small metadata parts, e.g. docProps/core.xml).
 */
export async function readArchiveEntry(
  source: Uint8Array | { path: string },
  name: string,
  maxBytes: number,
): Promise<Buffer | null> {
  const zip = await openArchive(source);
  try {
    for await (const entry of iterateEntries(zip)) {
      if (entry.fileName !== name) continue;
      if (entry.uncompressedSize > maxBytes || entry.isEncrypted()) return null;
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of (await zip.openReadStreamPromise(entry)) as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > maxBytes) return null;
        chunks.push(chunk);
      }
      return Buffer.concat(chunks);
    }
    return null;
  } catch {
    return null;
  } finally {
    zip.close();
  }
}
