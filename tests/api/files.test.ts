// Files through the real route handlers on the real database and the local store: uploads streamed and checked
// from their bytes (415 for a disguised file, 413 for an oversized one or a zip bomb, nothing left behind), serving
// with type, name, ETag/304 and byte ranges, traversal and other tenants' keys answered 404 without touching the
// store, the DOCX preview, the clean-up of unused uploads, shared files only through a live share link, and the
// text extraction job over uploaded documents and refused addresses.
import { createHash } from "node:crypto";
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as filesRoute from "@/app/api/v1/files/route";
import * as downloadRoute from "@/app/api/v1/files/download/route";
import * as infoRoute from "@/app/api/v1/files/info/route";
import * as previewRoute from "@/app/api/v1/files/preview/route";
import * as sharedImageRoute from "@/app/api/v1/files/shared-image/route";
import * as uploadRoute from "@/app/api/v1/files/upload/route";
import * as viewRoute from "@/app/api/v1/files/view/route";
import { getDb } from "@/db/client";
import { blogSources, files, presentations, shareLinks, slides } from "@/db/schema";
import { randomToken, sha256 } from "@/lib/auth/tokens";
import { env } from "@/lib/env";
import type { BlogCreated } from "@/lib/services/blogs";
import { extractBlogSources } from "@/lib/services/extraction";
import type { UploadResult } from "@/lib/services/files";
import type { ProjectOut } from "@/lib/services/projects";
import { buildDocx } from "../fixtures/docx";
import { pngBytes } from "../fixtures/images";
import { buildPdf } from "../fixtures/pdf";
import { makeTempDir } from "../fixtures/temp";
import { writeZip } from "../fixtures/zip";
import { call, json } from "../support/api";
import type { Organisation, SignedIn } from "../support/accounts";
import { organisation, signedInUser } from "../support/admin";
import { newBlog, newProject, revokePermission } from "../support/projects-blogs";

const DOCX_TYPE = "application/vnd.openxmlformats-officedocument.wordprocessingml.document";

let alpha: Organisation;
let bravo: Organisation;
let reader: SignedIn;
let project: ProjectOut;

const pdfBytes = buildPdf({
  title: "Quarterly Review",
  pages: [[{ heading: "Revenue grew" }, { paragraph: "Revenue grew by twelve percent over the quarter, led by new customers in Europe." }]],
});

beforeAll(async () => {
  [alpha, bravo] = [await organisation("FilesAlpha"), await organisation("FilesBravo")];
  reader = await signedInUser(alpha.admin.access_token, { email: "reader@filesalpha.test" });
  project = await newProject(alpha.admin.access_token, "Sources");
});

/** POST /files/upload as a browser's FormData would send it. */
async function upload(token: string, folder: string | null, bytes: Uint8Array, name: string, extra: Record<string, string> = {}) {
  const form = new FormData();
  if (folder !== null) form.set("folder", folder);
  for (const [key, value] of Object.entries(extra)) form.set(key, value);
  form.set("file", new Blob([Buffer.from(bytes)]), name);
  const request = new Request("http://app.test/api/v1/files/upload", {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "x-client-ip": "198.51.100.7" },
    body: form,
  });
  return uploadRoute.POST(request, { params: Promise.resolve({}) });
}

async function uploaded(token: string, folder: string, bytes: Uint8Array, name: string): Promise<UploadResult> {
  const response = await upload(token, folder, bytes, name);
  expect(response.status, await response.clone().text()).toBe(201);
  return json<UploadResult>(response);
}

/** Every stored object of a tenant on the local driver. */
async function objectsOf(tenantId: string): Promise<string[]> {
  try {
    return (await readdir(path.resolve(env().DATA_DIR, "files", tenantId), { recursive: true, withFileTypes: true }))
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
  } catch {
    return [];
  }
}

async function fileRowsOf(tenantId: string) {
  return (await getDb()).select().from(files).where(eq(files.tenantId, tenantId));
}

const view = (token: string, key: string, headers: Record<string, string> = {}) =>
  call(viewRoute.GET, "GET", { token, query: { path: key }, headers });

describe("POST /files/upload", () => {
  it("stores a PDF under a server-made key of the tenant, with its name, type, size and SHA-256", async () => {
    const result = await uploaded(alpha.admin.access_token, "maintext", pdfBytes, "Quarterly Review.pdf");
    expect(result.s3_path).toMatch(new RegExp(`^${alpha.tenantId}/maintext/[0-9a-f-]{36}\\.pdf$`));
    expect(result).toMatchObject({ filename: "Quarterly Review.pdf", size: pdfBytes.length, content_type: "application/pdf", file_type: "pdf", is_browser_viewable: true });
    const [row] = (await fileRowsOf(alpha.tenantId)).filter((file) => file.storageKey === result.s3_path);
    expect(row).toMatchObject({ originalName: "Quarterly Review.pdf", mimeType: "application/pdf", sizeBytes: pdfBytes.length, kind: "maintext" });
    expect(row?.sha256).toBe(sha256Bytes(pdfBytes));
  });

  it("reads the real type from the bytes: a text file named .pdf gets 415 and nothing is stored", async () => {
    const before = { rows: await fileRowsOf(bravo.tenantId), objects: await objectsOf(bravo.tenantId) };
    const response = await upload(bravo.admin.access_token, "maintext", new TextEncoder().encode("just some text, not a PDF"), "report.pdf");
    expect(response.status).toBe(415);
    expect((await json<{ detail: string }>(response)).detail).toContain("Invalid File Type");
    expect(await fileRowsOf(bravo.tenantId)).toEqual(before.rows);
    expect(await objectsOf(bravo.tenantId)).toEqual(before.objects);
  });

  it("refuses a file over the folder's limit with 413 and leaves no object or row", async () => {
    const before = { rows: await fileRowsOf(bravo.tenantId), objects: await objectsOf(bravo.tenantId) };
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(pngBytes());
    const response = await upload(bravo.admin.access_token, "images", big, "huge.png");
    expect(response.status).toBe(413);
    expect(await fileRowsOf(bravo.tenantId)).toEqual(before.rows);
    expect(await objectsOf(bravo.tenantId)).toEqual(before.objects);
  });

  it("refuses a zip bomb disguised as a DOCX", async () => {
    const temp = await makeTempDir("bomb-");
    try {
      await writeZip(temp.file("bomb.docx"), [
        {
          name: "[Content_Types].xml",
          data: '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
        },
        {
          name: "word/document.xml",
          data: '<?xml version="1.0" encoding="UTF-8"?><w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>Hello</w:t></w:r></w:p></w:body></w:document>',
        },
        // 300 MB of zeros, deflated to about 300 KB: it passes as a DOCX by its bytes, and the bounds refuse it.
        { name: "word/media/image1.png", data: { zeros: 300 * 1024 * 1024 } },
      ]);
      const bytes = await readFile(temp.file("bomb.docx"));
      const before = await fileRowsOf(bravo.tenantId);
      const response = await upload(bravo.admin.access_token, "sourcefile", bytes, "notes.docx");
      expect(response.status).toBe(413);
      expect((await json<{ detail: string }>(response)).detail).toMatch(/cannot be processed/);
      expect(await fileRowsOf(bravo.tenantId)).toEqual(before);
    } finally {
      await temp.remove();
    }
  });

  it("answers 422 for an unknown folder or a missing file, and 403 without the folder's permission", async () => {
    expect((await upload(alpha.admin.access_token, "../etc", pdfBytes, "a.pdf")).status).toBe(422);
    expect((await upload(alpha.admin.access_token, "audio", pdfBytes, "a.pdf")).status).toBe(422);
    const form = new FormData();
    form.set("folder", "maintext");
    const missing = await uploadRoute.POST(
      new Request("http://app.test/api/v1/files/upload", { method: "POST", headers: { authorization: `Bearer ${alpha.admin.access_token}` }, body: form }),
      { params: Promise.resolve({}) },
    );
    expect(missing.status).toBe(422);
    const restricted = await signedInUser(alpha.admin.access_token, { email: "nocreate@filesalpha.test" });
    await revokePermission(alpha.admin.access_token, restricted.user.id, "blog.create");
    expect((await upload(restricted.access_token, "maintext", pdfBytes, "a.pdf")).status).toBe(403);
  });
});

describe("serving files", () => {
  let pdf: UploadResult;
  beforeAll(async () => {
    pdf = await uploaded(alpha.admin.access_token, "maintext", pdfBytes, "Résumé ü.pdf");
  });

  it("streams the file inline with its type, length, a strong ETag and byte ranges", async () => {
    const response = await view(reader.access_token, pdf.s3_path);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toBe("application/pdf");
    expect(response.headers.get("content-length")).toBe(String(pdfBytes.length));
    expect(response.headers.get("accept-ranges")).toBe("bytes");
    expect(response.headers.get("etag")).toBe(`"${pdf.sha256}"`);
    expect(response.headers.get("cache-control")).toBe("private, no-cache");
    expect(response.headers.get("content-disposition")).toMatch(/^inline; /);
    expect(Buffer.from(await response.arrayBuffer()).equals(Buffer.from(pdfBytes))).toBe(true);

    const first = await view(reader.access_token, pdf.s3_path, { range: "bytes=0-7" });
    expect(first.status).toBe(206);
    expect(first.headers.get("content-range")).toBe(`bytes 0-7/${pdfBytes.length}`);
    expect(Buffer.from(await first.arrayBuffer()).equals(Buffer.from(pdfBytes.slice(0, 8)))).toBe(true);

    const last = await view(reader.access_token, pdf.s3_path, { range: "bytes=-5" });
    expect(last.status).toBe(206);
    expect(Buffer.from(await last.arrayBuffer()).equals(Buffer.from(pdfBytes.slice(-5)))).toBe(true);

    const outside = await view(reader.access_token, pdf.s3_path, { range: `bytes=${pdfBytes.length + 10}-` });
    expect(outside.status).toBe(416);
    expect(outside.headers.get("content-range")).toBe(`bytes */${pdfBytes.length}`);

    const cached = await view(reader.access_token, pdf.s3_path, { "if-none-match": `"${pdf.sha256}"` });
    expect(cached.status).toBe(304);
    expect(await cached.text()).toBe("");
  });

  it("answers JSON callers with the view and download results of spec section 3", async () => {
    const viewed = await view(reader.access_token, pdf.s3_path, { accept: "application/json" });
    expect(await json(viewed)).toEqual({
      view_url: `/api/v1/files/view?path=${encodeURIComponent(pdf.s3_path)}`,
      file_type: "pdf",
      is_browser_viewable: true,
      filename: "Résumé ü.pdf",
    });
    const downloaded = await call(downloadRoute.GET, "GET", { token: reader.access_token, query: { path: pdf.s3_path }, headers: { accept: "application/json" } });
    expect(await json(downloaded)).toMatchObject({ filename: "Résumé ü.pdf" });
    const info = await call(infoRoute.GET, "GET", { token: reader.access_token, query: { path: pdf.s3_path } });
    expect(await json(info)).toMatchObject({ path: pdf.s3_path, size: pdfBytes.length, content_type: "application/pdf", sha256: pdf.sha256 });
  });

  it("downloads as an attachment under the stored or the given name (RFC 6266 with a UTF-8 name)", async () => {
    const response = await call(downloadRoute.GET, "GET", { token: reader.access_token, query: { path: pdf.s3_path } });
    expect(response.status).toBe(200);
    const disposition = response.headers.get("content-disposition") ?? "";
    expect(disposition).toMatch(/^attachment; filename="Resume u\.pdf"; filename\*=UTF-8''R%C3%A9sum%C3%A9%20%C3%BC\.pdf$/);
    await response.arrayBuffer();
    const renamed = await call(downloadRoute.GET, "GET", { token: reader.access_token, query: { path: pdf.s3_path, filename: "report.pdf" } });
    expect(renamed.headers.get("content-disposition")).toContain('filename="report.pdf"');
    await renamed.arrayBuffer();
  });

  it("answers 404 for traversal, absolute paths, encoded tricks and other tenants' keys", async () => {
    const bravoFile = await uploaded(bravo.admin.access_token, "maintext", pdfBytes, "bravo.pdf");
    const attempts = [
      "../../etc/passwd",
      "/etc/passwd",
      `${alpha.tenantId}/maintext/../../../../etc/passwd`,
      "..%2f..%2fetc%2fpasswd",
      "%2e%2e/%2e%2e/etc/passwd",
      `${alpha.tenantId}\\maintext\\x.pdf`,
      `${pdf.s3_path}\u0000.png`,
      pdf.s3_path.toUpperCase(),
      bravoFile.s3_path,
      `${alpha.tenantId}/maintext/00000000-0000-4000-8000-000000000000.pdf`,
    ];
    for (const attempt of attempts) {
      for (const handler of [viewRoute.GET, downloadRoute.GET, infoRoute.GET]) {
        const response = await call(handler, "GET", { token: reader.access_token, query: { path: attempt } });
        expect(response.status, attempt).toBe(404);
      }
    }
  });

  it("needs blog view for source documents", async () => {
    const restricted = await signedInUser(alpha.admin.access_token, { email: "noview@filesalpha.test" });
    await revokePermission(alpha.admin.access_token, restricted.user.id, "blog.view");
    expect((await view(restricted.access_token, pdf.s3_path)).status).toBe(403);
    expect((await call(viewRoute.GET, "GET", { query: { path: pdf.s3_path } })).status).toBe(401);
  });

  it("previews a DOCX as sanitised HTML", async () => {
    const docx = await buildDocx({
      blocks: [{ heading: 1, text: "Onboarding" }, { paragraph: "Welcome aboard." }],
    });
    const stored = await uploaded(alpha.admin.access_token, "sourcefile", docx, "Onboarding.docx");
    expect(stored).toMatchObject({ file_type: "docx", is_browser_viewable: false, content_type: DOCX_TYPE });
    const response = await call(previewRoute.GET, "GET", { token: reader.access_token, query: { path: stored.s3_path } });
    expect(response.status).toBe(200);
    const { html } = await json<{ html: string }>(response);
    expect(html).toContain("Onboarding");
    expect(html).toContain("Welcome aboard.");
    expect(html).not.toMatch(/<script|on\w+=/i);
  });

  it("removes an upload no blog uses; one in use is 409", async () => {
    const spare = await uploaded(alpha.admin.access_token, "sourcefile", pdfBytes, "spare.pdf");
    const removed = await call(filesRoute.DELETE, "DELETE", { token: alpha.admin.access_token, query: { path: spare.s3_path } });
    expect(removed.status).toBe(204);
    expect((await fileRowsOf(alpha.tenantId)).some((file) => file.storageKey === spare.s3_path)).toBe(false);
    expect(await objectsOf(alpha.tenantId)).not.toContain(path.basename(spare.s3_path));

    const used = await uploaded(alpha.admin.access_token, "maintext", pdfBytes, "used.pdf");
    await newBlog(alpha.admin.access_token, project.id, { main_text: used.s3_path, is_website: false });
    const refused = await call(filesRoute.DELETE, "DELETE", { token: alpha.admin.access_token, query: { path: used.s3_path } });
    expect(refused.status).toBe(409);
    expect(await objectsOf(alpha.tenantId)).toContain(path.basename(used.s3_path));
  });
});

describe("shared files", () => {
  it("serves a slide image only with the token of a live share link of its presentation", async () => {
    const image = await uploaded(alpha.admin.access_token, "images", pngBytes(), "slide.png");
    const other = await uploaded(alpha.admin.access_token, "images", pngBytes(), "other.png");
    const blog = await newBlog(alpha.admin.access_token, project.id);
    const db = await getDb();
    const [presentation] = await db
      .insert(presentations)
      .values({ tenantId: alpha.tenantId, blogId: blog.id, template: "professional", generationMethod: "manual", status: "completed" })
      .returning();
    const imageRow = (await fileRowsOf(alpha.tenantId)).find((file) => file.storageKey === image.s3_path)!;
    await db.insert(slides).values({ tenantId: alpha.tenantId, presentationId: presentation!.id, slideNumber: 1, slideTitle: "One", webImageFileId: imageRow.id });
    const token = randomToken();
    const [link] = await db
      .insert(shareLinks)
      .values({ tenantId: alpha.tenantId, presentationId: presentation!.id, tokenHash: sha256(token), tokenCiphertext: "sealed" })
      .returning();

    const shared = (key: string, query: Record<string, string> = {}) => call(sharedImageRoute.GET, "GET", { query: { path: key, ...query } });
    const ok = await shared(image.s3_path, { token });
    expect(ok.status).toBe(200);
    expect(ok.headers.get("content-type")).toBe("image/png");
    await ok.arrayBuffer();
    expect((await shared(image.s3_path)).status).toBe(404);
    expect((await shared(image.s3_path, { token: randomToken() })).status).toBe(404);
    expect((await shared(other.s3_path, { token })).status).toBe(404);
    const viaHeader = await call(sharedImageRoute.GET, "GET", { query: { path: image.s3_path }, headers: { "x-share-token": token } });
    expect(viaHeader.status).toBe(200);
    await viaHeader.arrayBuffer();

    await db.update(shareLinks).set({ revokedAt: new Date() }).where(eq(shareLinks.id, link!.id));
    expect((await shared(image.s3_path, { token })).status).toBe(404);
  });
});

describe("text extraction", () => {
  it("extracts uploaded PDF and DOCX sources with their headings; refused addresses fail with a clear reason", async () => {
    const main = await uploaded(alpha.admin.access_token, "maintext", pdfBytes, "review.pdf");
    const docx = await buildDocx({ blocks: [{ heading: 1, text: "Team notes" }, { paragraph: "The launch moves to May." }] });
    const extra = await uploaded(alpha.admin.access_token, "sourcefile", docx, "notes.docx");
    const blog: BlogCreated = await newBlog(alpha.admin.access_token, project.id, {
      main_text: main.s3_path,
      is_website: false,
      uploaded_files: [extra.s3_path],
      website_links: ["http://127.0.0.1/admin", "http://169.254.169.254/latest/meta-data", "http://[::ffff:127.0.0.1]/", "http://2130706433/"],
    });
    await extractBlogSources(blog.id);
    const rows = await (await getDb()).select().from(blogSources).where(eq(blogSources.blogId, blog.id));
    const byUrl = new Map(rows.map((row) => [row.url ?? row.fileId ?? row.id, row]));
    const mainRow = rows.find((row) => row.kind === "main_document")!;
    expect(mainRow.extractionStatus).toBe("ready");
    expect(mainRow.extractedText).toContain("Revenue grew");
    const fileRow = rows.find((row) => row.kind === "file")!;
    expect(fileRow.extractionStatus).toBe("ready");
    expect(fileRow.extractedText).toContain("Team notes");
    expect(fileRow.extractedText).toContain("The launch moves to May.");
    for (const url of ["http://127.0.0.1/admin", "http://169.254.169.254/latest/meta-data", "http://[::ffff:127.0.0.1]/", "http://2130706433/"]) {
      const row = byUrl.get(url) ?? rows.find((candidate) => candidate.url?.startsWith(url.replace(/\/$/, "")));
      expect(row?.extractionStatus, url).toBe("failed");
      expect(row?.extractionError, url).toMatch(/private or reserved|cannot be fetched|not allowed/i);
    }
  });
});

function sha256Bytes(bytes: Uint8Array): string {
  return createHash("sha256").update(bytes).digest("hex");
}
