// Real slide images and legacy .ppt import through LibreOffice (Debian's libreoffice-impress) and poppler-utils,
// when they are installed. Each run works in its own temporary folder with its own LibreOffice profile (two
// instances sharing a profile hand work to each other or refuse to start), under a time limit that kills the whole
// process group (soffice is a wrapper around soffice.bin), and removes the folder afterwards.
import { spawn } from "node:child_process";
import { copyFile, mkdir, mkdtemp, open, readdir, readFile, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";
import JSZip from "jszip";
import { ArchiveRefused } from "@/lib/content/errors";
import { guardArchive } from "@/lib/content/zip-guard";
import { NoSlidesFound, NotPowerPoint, OfficeConversionFailed, PowerPointTooLarge, PPTX_MAX_BYTES } from "./errors";
import { attribute, elements, parseXml } from "./ooxml";

export interface OfficeTools {
  /** LibreOffice's command. */
  soffice: string;
  /** poppler-utils' PDF rasteriser. */
  pdftoppm: string;
}

export interface OfficeOptions {
  /** Commands to run instead of the ones on PATH (tests point these at absent programs). */
  tools?: Partial<OfficeTools>;
  /** Limit for each program run, in ms. */
  timeoutMs?: number;
  /** Folder in which each run makes (and removes) its working folder; the system's temporary folder by default. */
  workRoot?: string;
}

export interface RenderOptions extends OfficeOptions {
  /** Width of each slide image in pixels; the height follows the slide's proportions. */
  widthPx?: number;
}

const DEFAULT_TOOLS: OfficeTools = { soffice: "soffice", pdftoppm: "pdftoppm" };
/** The spec's 120 s for presentation paths; a long deck takes LibreOffice tens of seconds on a small machine. */
const DEFAULT_TIMEOUT_MS = 120_000;
const DETECT_TIMEOUT_MS = 30_000;
const STDERR_KEPT = 4096;

interface RunResult {
  code: number | null;
  timedOut: boolean;
  /** Last bytes of what the program wrote to stderr and stdout. */
  output: string;
}

/** Runs a program without a shell, killing its whole process group when it outlives `timeoutMs`. */
function run(command: string, args: string[], options: { cwd: string; timeoutMs: number }): Promise<RunResult> {
  return new Promise((resolve) => {
    let output = "";
    const keep = (chunk: Buffer) => {
      output = (output + chunk.toString("utf8")).slice(-STDERR_KEPT);
    };
    const child = spawn(command, args, { cwd: options.cwd, detached: true, stdio: ["ignore", "pipe", "pipe"] });
    child.stdout.on("data", keep);
    child.stderr.on("data", keep);
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      try {
        if (child.pid) process.kill(-child.pid, "SIGKILL");
      } catch {
        // The group is already gone.
      }
    }, options.timeoutMs);
    child.on("error", (error) => {
      clearTimeout(timer);
      resolve({ code: null, timedOut, output: String(error) });
    });
    child.on("close", (code) => {
      clearTimeout(timer);
      resolve({ code, timedOut, output });
    });
  });
}

const detected = new Map<string, Promise<boolean>>();

/**
 * Whether `command` starts and answers its version flag; remembered per command for the life of the process,
 * except an answer that timed out (a busy machine), which is asked again next time.
 */
function commandAvailable(command: string, versionFlag: string): Promise<boolean> {
  let answer = detected.get(command);
  if (!answer) {
    answer = run(command, [versionFlag], { cwd: os.tmpdir(), timeoutMs: DETECT_TIMEOUT_MS }).then((result) => {
      if (result.timedOut) detected.delete(command);
      return result.code === 0 && !result.timedOut;
    });
    detected.set(command, answer);
  }
  return answer;
}

function tools(options: OfficeOptions): OfficeTools {
  return { ...DEFAULT_TOOLS, ...options.tools };
}

/** Whether LibreOffice (soffice) is installed and starts. */
export function libreOfficeAvailable(options: OfficeOptions = {}): Promise<boolean> {
  return commandAvailable(tools(options).soffice, "--version");
}

/** Whether poppler's pdftoppm is installed. */
export function popplerAvailable(options: OfficeOptions = {}): Promise<boolean> {
  return commandAvailable(tools(options).pdftoppm, "-v");
}

// One LibreOffice run at a time per process: each takes hundreds of MB and a core, and jobs may run side by side.
let queue: Promise<unknown> = Promise.resolve();
function oneAtATime<T>(work: () => Promise<T>): Promise<T> {
  const result = queue.then(work, work);
  queue = result.catch(() => undefined);
  return result;
}

async function withTempDir<T>(prefix: string, options: OfficeOptions, work: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(options.workRoot ?? os.tmpdir(), `${prefix}-`));
  try {
    return await work(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");
}

/**
 * A copy of a .pptx without its external links other than hyperlinks: a linked picture or OLE object pointing at
 * file:///etc/... or an intranet address would otherwise be fetched by LibreOffice on the server and drawn into
 * the slide images the uploader gets back. Hyperlinks are never followed while rendering, so they stay.
 */
async function writeWithoutExternalLinks(input: string, output: string): Promise<void> {
  const zip = await JSZip.loadAsync(await readFile(input));
  for (const name of Object.keys(zip.files)) {
    if (!name.endsWith(".rels")) continue;
    const root = parseXml((await zip.file(name)?.async("string")) ?? "");
    if (!root || root.name !== "Relationships") continue;
    const all = elements(root, "Relationship");
    const kept = all.filter(
      (rel) => attribute(rel, "TargetMode") !== "External" || (attribute(rel, "Type") ?? "").endsWith("/hyperlink"),
    );
    if (kept.length === all.length) continue;
    const body = kept
      .map((rel) => {
        const attrs = Object.entries(rel.attrs)
          .filter(([key]) => !key.includes(":"))
          .map(([key, value]) => `${key}="${escapeAttribute(value)}"`)
          .join(" ");
        return `<Relationship ${attrs}/>`;
      })
      .join("");
    zip.file(
      name,
      `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">${body}</Relationships>`,
    );
  }
  await writeFile(output, await zip.generateAsync({ type: "uint8array", compression: "DEFLATE" }));
}

/**
 * Converts `input` (copied into `dir` under a fixed name, so no file name reaches the command line; a .pptx without
 * its external links) to `format` with LibreOffice; returns the output's path. Throws OfficeConversionFailed when
 * it times out or writes nothing.
 */
async function sofficeConvert(
  dir: string,
  input: string,
  inputExtension: "ppt" | "pptx",
  format: string,
  options: OfficeOptions,
): Promise<string> {
  const source = path.join(dir, `deck.${inputExtension}`);
  const outDir = path.join(dir, "out");
  if (inputExtension === "pptx") await writeWithoutExternalLinks(input, source);
  else await copyFile(input, source);
  await mkdir(outDir);
  const result = await oneAtATime(() =>
    run(
      tools(options).soffice,
      [
        `-env:UserInstallation=${pathToFileURL(path.join(dir, "profile")).href}`,
        "--headless",
        "--invisible",
        "--norestore",
        "--nolockcheck",
        "--nodefault",
        "--convert-to",
        format,
        "--outdir",
        outDir,
        source,
      ],
      { cwd: dir, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS },
    ),
  );
  if (result.timedOut) throw new OfficeConversionFailed("timeout", result.output);
  const output = path.join(outDir, `deck.${format}`);
  // soffice answers 0 even when a filter refused the document; the output file is the only real sign of success.
  const written = await stat(output).catch(() => null);
  if (result.code !== 0 || !written || written.size === 0) throw new OfficeConversionFailed("failed", result.output);
  return output;
}

const CFB_SIGNATURE = Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]);

async function startsWith(filePath: string, signature: Buffer): Promise<boolean> {
  const handle = await open(filePath, "r");
  try {
    const head = Buffer.alloc(signature.length);
    const { bytesRead } = await handle.read(head, 0, signature.length, 0);
    return bytesRead === signature.length && head.equals(signature);
  } finally {
    await handle.close();
  }
}

/**
 * A legacy PowerPoint file (.ppt, an OLE compound file) converted to .pptx bytes by LibreOffice, or null when
 * LibreOffice is not installed. Throws PowerPointTooLarge (413), NotPowerPoint (415) for other bytes,
 * OfficeConversionFailed (422) when LibreOffice cannot convert it (e.g. a Word or Excel compound file), and the
 * archive guard's refusal when what came out is out of bounds.
 */
export async function convertPptToPptx(filePath: string, options: OfficeOptions = {}): Promise<Uint8Array | null> {
  const { size } = await stat(filePath);
  if (size > PPTX_MAX_BYTES) throw new PowerPointTooLarge();
  if (!(await startsWith(filePath, CFB_SIGNATURE))) throw new NotPowerPoint("not an OLE compound file");
  if (!(await libreOfficeAvailable(options))) return null;
  return withTempDir("ppt-convert", options, async (dir) => {
    const output = await sofficeConvert(dir, filePath, "ppt", "pptx", options);
    await guardArchive({ path: output }, "pptx");
    return new Uint8Array(await readFile(output));
  });
}

/**
 * The real look of each slide of a .pptx as a PNG (about `widthPx` wide, 1920 by default), in slide show order
 * (hidden slides left out, as parsePptx does), or null when LibreOffice or poppler-utils is not installed.
 * The file passes the archive guard first. Throws OfficeConversionFailed when a program fails or times out.
 */
export async function renderSlideImages(pptxPath: string, options: RenderOptions = {}): Promise<Uint8Array[] | null> {
  const { size } = await stat(pptxPath);
  if (size > PPTX_MAX_BYTES) throw new PowerPointTooLarge();
  try {
    await guardArchive({ path: pptxPath }, "pptx");
  } catch (error) {
    if (error instanceof ArchiveRefused && (error.reason === "damaged" || error.reason === "missing-part")) {
      throw new NoSlidesFound(`${error.reason}: ${error.logDetail ?? ""}`);
    }
    throw error;
  }
  if (!(await libreOfficeAvailable(options)) || !(await popplerAvailable(options))) return null;
  const width = Math.round(options.widthPx ?? 1920);
  return withTempDir("pptx-render", options, async (dir) => {
    const pdf = await sofficeConvert(dir, pptxPath, "pptx", "pdf", options);
    const pagesDir = path.join(dir, "pages");
    await mkdir(pagesDir);
    const result = await run(
      tools(options).pdftoppm,
      ["-png", "-scale-to-x", String(width), "-scale-to-y", "-1", pdf, path.join(pagesDir, "slide")],
      { cwd: dir, timeoutMs: options.timeoutMs ?? DEFAULT_TIMEOUT_MS },
    );
    if (result.timedOut) throw new OfficeConversionFailed("timeout", result.output);
    if (result.code !== 0) throw new OfficeConversionFailed("failed", result.output);
    // pdftoppm names pages slide-1.png or slide-01.png (zero-padded to the page count's digits).
    const pages = (await readdir(pagesDir))
      .map((name) => ({ name, page: Number(/^slide-(\d+)\.png$/.exec(name)?.[1] ?? NaN) }))
      .filter((entry) => Number.isInteger(entry.page))
      .sort((a, b) => a.page - b.page);
    if (pages.length === 0) throw new OfficeConversionFailed("failed", "pdftoppm wrote no pages");
    return Promise.all(pages.map(async (entry) => new Uint8Array(await readFile(path.join(pagesDir, entry.name)))));
  });
}
