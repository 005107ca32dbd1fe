// One contract for every storage driver: local disk (a temp folder), S3 (s3rver, a real S3-protocol server, on a
// loopback port) and uploadthing (the UTApi SDK against a loopback stand-in of UploadThing's endpoints). Plus the
// key rules that keep client-sent paths out of the stores, Content-Disposition values, and the configuration.
import { createHash, randomBytes, randomUUID } from "node:crypto";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { Readable } from "node:stream";
import { ListObjectsV2Command } from "@aws-sdk/client-s3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadEnv } from "@/lib/env";
import { PayloadTooLarge, RangeNotSatisfiable } from "@/lib/errors";
import {
  contentDisposition,
  createStorageDriver,
  FileTooLarge,
  newObjectKey,
  parseObjectKey,
  storage,
  type StorageDriver,
} from "@/lib/storage";
import { createLocalDriver } from "@/lib/storage/local";
import { createS3Driver, type S3StorageDriver } from "@/lib/storage/s3";
import { createUploadthingDriver, customIdOf } from "@/lib/storage/uploadthing";
import { startS3rver } from "../support/s3rver";
import { startUploadthingStandIn, type UploadthingStandIn } from "../support/uploadthing-standin";

const MB = 1024 * 1024;
const PDF = "application/pdf";

interface Harness {
  driver: StorageDriver;
  /** What the store still holds for a tenant, temp and spool files included. */
  leftovers(tenantId: string): Promise<string[]>;
  close(): Promise<void>;
  /** S3 only: names of the commands the driver's client sent. */
  commands?: string[];
  standIn?: UploadthingStandIn;
}

function filesUnder(folder: string): string[] {
  if (!existsSync(folder)) return [];
  return readdirSync(folder, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => path.join(entry.parentPath, entry.name));
}

async function localHarness(): Promise<Harness> {
  const root = mkdtempSync(path.join(tmpdir(), "storage-local-"));
  return {
    driver: createLocalDriver({ root }),
    leftovers: async (tenantId) => filesUnder(path.join(root, tenantId)),
    close: async () => rmSync(root, { recursive: true, force: true }),
  };
}

async function s3Harness(): Promise<Harness> {
  const server = await startS3rver();
  const driver: S3StorageDriver = createS3Driver({
    bucket: server.bucket,
    region: "us-east-1",
    endpoint: server.endpoint,
    accessKeyId: server.accessKeyId,
    secretAccessKey: server.secretAccessKey,
    forcePathStyle: true,
  });
  const commands: string[] = [];
  driver.client.middlewareStack.add(
    (next, context) => async (args) => {
      commands.push(context.commandName ?? "unknown");
      return next(args);
    },
    { step: "initialize", name: "recordCommands" },
  );
  return {
    driver,
    commands,
    leftovers: async (tenantId) => {
      const listed = await driver.client.send(new ListObjectsV2Command({ Bucket: server.bucket, Prefix: `${tenantId}/` }));
      return (listed.Contents ?? []).map((object) => object.Key ?? "");
    },
    close: async () => {
      driver.client.destroy();
      await server.close();
    },
  };
}

async function uploadthingHarness(): Promise<Harness> {
  const standIn = await startUploadthingStandIn();
  const spoolDir = mkdtempSync(path.join(tmpdir(), "storage-spool-"));
  const driver = createUploadthingDriver({
    token: standIn.token,
    apiUrl: standIn.apiUrl,
    ingestUrl: standIn.ingestUrl,
    ufsHost: standIn.ufsHost,
    ufsAppIdLocation: "path",
    spoolDir,
  });
  return {
    driver,
    standIn,
    leftovers: async (tenantId) => [
      ...[...standIn.files.values()].flatMap((file) => (file.customId?.startsWith(`${tenantId}_`) ? [file.customId] : [])),
      ...filesUnder(spoolDir),
    ],
    close: async () => {
      await standIn.close();
      rmSync(spoolDir, { recursive: true, force: true });
    },
  };
}

/** Bytes in uneven chunks, as a network upload arrives. */
async function* chunked(bytes: Uint8Array, sizes = [1, 7, 4096, 65_536, 100_003]): AsyncGenerator<Uint8Array> {
  let offset = 0;
  for (let index = 0; offset < bytes.length; index += 1) {
    const size = sizes[index % sizes.length]!;
    yield bytes.subarray(offset, offset + size);
    offset += size;
  }
}

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Uint8Array));
  return Buffer.concat(chunks);
}

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error("expected a rejection");
}

describe.each([
  { name: "local", start: localHarness },
  { name: "s3", start: s3Harness },
  { name: "uploadthing", start: uploadthingHarness },
])("$name storage driver", ({ name, start }) => {
  let harness: Harness;
  let driver: StorageDriver;
  const tenant = randomUUID();
  const otherTenant = randomUUID();

  beforeAll(async () => {
    harness = await start();
    driver = harness.driver;
  });
  afterAll(async () => {
    await harness?.close();
  });

  it("is the driver it says", () => {
    expect(driver.name).toBe(name);
  });

  it("stores a streamed body and reads back the same bytes, with its size and SHA-256", async () => {
    const bytes = randomBytes(300_000);
    const key = newObjectKey(tenant, "sourcefile", "pdf");
    const stored = await driver.put(key, chunked(bytes), { contentType: PDF, maxBytes: MB });
    expect(stored).toEqual({ size: bytes.length, sha256: sha256(bytes) });

    const read = await driver.get(key);
    expect(read).not.toBeNull();
    expect(read!.size).toBe(bytes.length);
    expect(read!.range).toEqual({ start: 0, end: bytes.length - 1 });
    expect(sha256(await readAll(read!.body))).toBe(sha256(bytes));
  });

  it("takes a Node stream as the body, and stores an empty file", async () => {
    const key = newObjectKey(tenant, "scripts", "txt");
    const text = Buffer.from("Slide one: welcome.\n");
    expect(await driver.put(key, Readable.from([text]), { contentType: "text/plain", maxBytes: 100 })).toEqual({
      size: text.length,
      sha256: sha256(text),
    });
    expect((await readAll((await driver.get(key))!.body)).toString()).toBe(text.toString());

    const empty = newObjectKey(tenant, "scripts", "txt");
    expect(await driver.put(empty, Readable.from([]), { contentType: "text/plain", maxBytes: 100 })).toEqual({
      size: 0,
      sha256: sha256(new Uint8Array()),
    });
    const read = await driver.get(empty);
    expect(read!.size).toBe(0);
    expect((await readAll(read!.body)).length).toBe(0);
  });

  it("stores a file of several MB (S3: in multipart parts)", async () => {
    const bytes = randomBytes(6 * MB + 123);
    const key = newObjectKey(tenant, "pptx", "pptx");
    const commandsBefore = harness.commands?.length ?? 0;
    const stored = await driver.put(key, chunked(bytes), { contentType: "application/octet-stream", maxBytes: 50 * MB });
    expect(stored).toEqual({ size: bytes.length, sha256: sha256(bytes) });
    expect(sha256(await readAll((await driver.get(key))!.body))).toBe(sha256(bytes));
    if (harness.commands) {
      expect(harness.commands.slice(commandsBefore)).toEqual(
        expect.arrayContaining(["CreateMultipartUploadCommand", "UploadPartCommand", "CompleteMultipartUploadCommand"]),
      );
    }
  });

  it("reads ranges: the first bytes, the middle, the last byte, and an end past the file clamped", async () => {
    const bytes = randomBytes(10_000);
    const key = newObjectKey(tenant, "audio", "mp3");
    await driver.put(key, chunked(bytes), { contentType: "audio/mpeg", maxBytes: MB });

    for (const [start, end] of [
      [0, 9],
      [4_000, 5_999],
      [9_999, 9_999],
    ] as const) {
      const read = await driver.get(key, { start, end });
      expect(read!.size).toBe(10_000);
      expect(read!.range).toEqual({ start, end });
      expect(Buffer.compare(await readAll(read!.body), bytes.subarray(start, end + 1))).toBe(0);
    }

    const clamped = await driver.get(key, { start: 9_990, end: 20_000 });
    expect(clamped!.range).toEqual({ start: 9_990, end: 9_999 });
    expect(Buffer.compare(await readAll(clamped!.body), bytes.subarray(9_990))).toBe(0);
  });

  it("answers a range that starts at or past the end with 416 and the file's size", async () => {
    const key = newObjectKey(tenant, "audio", "mp3");
    await driver.put(key, chunked(randomBytes(100)), { contentType: "audio/mpeg", maxBytes: MB });
    const error = await rejection(driver.get(key, { start: 100, end: 200 }));
    expect(error).toBeInstanceOf(RangeNotSatisfiable);
    expect((error as RangeNotSatisfiable).status).toBe(416);
    expect((error as RangeNotSatisfiable).headers["Content-Range"]).toBe("bytes */100");
    await expect(driver.get(key, { start: 5, end: 4 })).rejects.toThrow("0 <= start <= end");
  });

  it("reports size, type and modification time without reading the file", async () => {
    const key = newObjectKey(tenant, "maintext", "pdf");
    const before = Date.now();
    await driver.put(key, chunked(randomBytes(2_048)), { contentType: PDF, maxBytes: MB });
    const info = await driver.head(key);
    expect(info).toMatchObject({ size: 2_048, contentType: PDF });
    expect(info!.lastModified).toBeInstanceOf(Date);
    // Stores keep seconds (HTTP dates); allow for that truncation and a little clock skew.
    expect(Math.abs(info!.lastModified!.getTime() - before)).toBeLessThan(60_000);
  });

  it("answers null for a file that does not exist, and deleting it is no error", async () => {
    const key = newObjectKey(tenant, "images", "png");
    expect(await driver.get(key)).toBeNull();
    expect(await driver.get(key, { start: 0, end: 10 })).toBeNull();
    expect(await driver.head(key)).toBeNull();
    await expect(driver.delete(key)).resolves.toBeUndefined();
  });

  it("refuses a body over maxBytes with 413 and leaves nothing behind", async () => {
    const limitTenant = randomUUID();
    const key = newObjectKey(limitTenant, "images", "png");
    const requestsBefore = harness.standIn?.requests.length ?? 0;
    const error = await rejection(driver.put(key, chunked(randomBytes(5_000)), { contentType: "image/png", maxBytes: 4_999 }));
    expect(error).toBeInstanceOf(FileTooLarge);
    expect(error).toBeInstanceOf(PayloadTooLarge);
    expect((error as PayloadTooLarge).status).toBe(413);
    expect((error as PayloadTooLarge).detail).toBe("The file is larger than the limit of 4999 bytes.");
    expect(await driver.head(key)).toBeNull();
    expect(await harness.leftovers(limitTenant)).toEqual([]);
    if (harness.standIn) {
      // The limit is enforced while spooling: the refused bytes never reach UploadThing.
      expect(harness.standIn.requests.slice(requestsBefore).filter((request) => request.startsWith("PUT"))).toEqual([]);
    }
  });

  it("refuses a big body over the limit after parts were sent, aborting the multipart upload", async () => {
    const limitTenant = randomUUID();
    const key = newObjectKey(limitTenant, "pptx", "pptx");
    const commandsBefore = harness.commands?.length ?? 0;
    const error = await rejection(
      driver.put(key, chunked(randomBytes(7 * MB)), { contentType: "application/octet-stream", maxBytes: 6 * MB }),
    );
    expect(error).toBeInstanceOf(FileTooLarge);
    expect((error as FileTooLarge).detail).toBe("The file is larger than the limit of 6MB.");
    expect(await driver.head(key)).toBeNull();
    expect(await harness.leftovers(limitTenant)).toEqual([]);
    if (harness.commands) {
      const sent = harness.commands.slice(commandsBefore);
      expect(sent).toContain("AbortMultipartUploadCommand");
      expect(sent).not.toContain("CompleteMultipartUploadCommand");
      expect(sent).not.toContain("PutObjectCommand");
    }
  });

  it("accepts a body of exactly maxBytes", async () => {
    const key = newObjectKey(tenant, "images", "gif");
    const bytes = randomBytes(4_096);
    expect((await driver.put(key, chunked(bytes), { contentType: "image/gif", maxBytes: 4_096 })).size).toBe(4_096);
    expect((await driver.head(key))!.size).toBe(4_096);
  });

  it("passes on the error of a body that fails midway (a dropped upload) and leaves nothing behind", async () => {
    const failTenant = randomUUID();
    const key = newObjectKey(failTenant, "sourcefile", "docx");
    async function* dropped(): AsyncGenerator<Uint8Array> {
      yield randomBytes(70_000);
      throw new Error("client went away");
    }
    async function* refused(): AsyncGenerator<Uint8Array> {
      yield* [];
      throw new Error("client never sent a byte");
    }
    await expect(driver.put(key, dropped(), { contentType: "application/octet-stream", maxBytes: MB })).rejects.toThrow(
      "client went away",
    );
    await expect(driver.put(key, refused(), { contentType: "application/octet-stream", maxBytes: MB })).rejects.toThrow(
      "client never sent a byte",
    );
    // Let any file operation still in flight land before looking.
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await driver.head(key)).toBeNull();
    expect(await harness.leftovers(failTenant)).toEqual([]);
  });

  it("deletes a file", async () => {
    const key = newObjectKey(tenant, "slides", "png");
    await driver.put(key, chunked(randomBytes(1_000)), { contentType: "image/png", maxBytes: MB });
    expect(await driver.head(key)).not.toBeNull();
    await driver.delete(key);
    expect(await driver.head(key)).toBeNull();
    expect(await driver.get(key)).toBeNull();
  });

  it("deletes every file of one tenant and only those", async () => {
    const doomed = randomUUID();
    const doomedKeys = [newObjectKey(doomed, "maintext", "pdf"), newObjectKey(doomed, "slides", "png"), newObjectKey(doomed, "audio", "mp3")];
    const keptKey = newObjectKey(otherTenant, "maintext", "pdf");
    for (const key of [...doomedKeys, keptKey]) {
      await driver.put(key, chunked(randomBytes(500)), { contentType: PDF, maxBytes: MB });
    }
    await driver.deletePrefix(doomed);
    for (const key of doomedKeys) expect(await driver.head(key)).toBeNull();
    expect(await harness.leftovers(doomed)).toEqual([]);
    expect((await driver.head(keptKey))!.size).toBe(500);
    await expect(driver.deletePrefix(doomed)).resolves.toBeUndefined();
    await expect(driver.deletePrefix("../")).rejects.toThrow("lowercase UUID");
    await expect(driver.deletePrefix("")).rejects.toThrow("lowercase UUID");
  });

  it("refuses keys that are not the server's before touching the store", async () => {
    for (const key of ["../outside.txt", `${tenant}/maintext/../../outside`, "/etc/passwd", `${tenant}/other/${randomUUID()}.pdf`]) {
      await expect(driver.get(key)).rejects.toThrow("Invalid storage key");
      await expect(driver.head(key)).rejects.toThrow("Invalid storage key");
      await expect(driver.delete(key)).rejects.toThrow("Invalid storage key");
      await expect(driver.put(key, chunked(Buffer.from("x")), { contentType: PDF, maxBytes: 10 })).rejects.toThrow("Invalid storage key");
    }
  });

  if (name === "s3") {
    it("signs a short-lived GET URL that a browser can fetch, with the download name", async () => {
      const bytes = randomBytes(1_500);
      const key = newObjectKey(tenant, "maintext", "pdf");
      await driver.put(key, chunked(bytes), { contentType: PDF, maxBytes: MB });

      const url = await driver.presignedGetUrl(key, { expiresInSeconds: 300, downloadName: "Rapport été.pdf" });
      expect(url).not.toBeNull();
      expect(Number(new URL(url!).searchParams.get("X-Amz-Expires"))).toBe(300);
      const response = await fetch(url!);
      expect(response.status).toBe(200);
      expect(response.headers.get("content-disposition")).toBe(
        `attachment; filename="Rapport ete.pdf"; filename*=UTF-8''Rapport%20%C3%A9t%C3%A9.pdf`,
      );
      expect(Buffer.compare(Buffer.from(await response.arrayBuffer()), bytes)).toBe(0);

      const inline = await driver.presignedGetUrl(key, { expiresInSeconds: 60, inline: true });
      expect((await fetch(inline!)).headers.get("content-disposition")).toBe("inline");

      await expect(driver.presignedGetUrl(key, { expiresInSeconds: 301 })).rejects.toThrow("from 1 to 300");
      await expect(driver.presignedGetUrl(key, { expiresInSeconds: 0 })).rejects.toThrow("from 1 to 300");
    });

    it("signs URLs that stop working when they expire", async () => {
      const key = newObjectKey(tenant, "maintext", "pdf");
      await driver.put(key, chunked(randomBytes(10)), { contentType: PDF, maxBytes: MB });
      const url = await driver.presignedGetUrl(key, { expiresInSeconds: 1 });
      await new Promise((resolve) => setTimeout(resolve, 2_100));
      const response = await fetch(url!);
      expect(response.status).toBe(403);
      expect(await response.text()).toContain("Request has expired");
    });
  } else {
    it("has no presigned URLs: the app streams the file itself", async () => {
      const key = newObjectKey(tenant, "maintext", "pdf");
      expect(await driver.presignedGetUrl(key, { expiresInSeconds: 300 })).toBeNull();
      await expect(driver.presignedGetUrl(key, { expiresInSeconds: 301 })).rejects.toThrow("from 1 to 300");
    });
  }

  if (name === "uploadthing") {
    it("stores the key as the file's customId, and serves ranges even from a host that ignores them", async () => {
      const bytes = randomBytes(5_000);
      const key = newObjectKey(tenant, "audio", "mp3");
      await driver.put(key, chunked(bytes), { contentType: "audio/mpeg", maxBytes: MB });
      const stored = [...harness.standIn!.files.values()].find((file) => file.customId === customIdOf(key));
      expect(stored).toMatchObject({ customId: key.replaceAll("/", "_"), type: "audio/mpeg" });

      harness.standIn!.honourRanges = false;
      try {
        const read = await driver.get(key, { start: 1_000, end: 1_999 });
        expect(read!.range).toEqual({ start: 1_000, end: 1_999 });
        expect(Buffer.compare(await readAll(read!.body), bytes.subarray(1_000, 2_000))).toBe(0);
        await expect(driver.get(key, { start: 5_000, end: 5_001 })).rejects.toBeInstanceOf(RangeNotSatisfiable);
      } finally {
        harness.standIn!.honourRanges = true;
      }
    });
  }
});

describe("object keys", () => {
  const tenantId = randomUUID();

  it("are made by the server as <tenant>/<folder>/<uuid>.<ext> and recognised", () => {
    const key = newObjectKey(tenantId, "sourcefile", ".PDF");
    expect(key).toMatch(new RegExp(`^${tenantId}/sourcefile/[0-9a-f-]{36}\\.pdf$`));
    expect(parseObjectKey(key)).toEqual({ key, tenantId, folder: "sourcefile" });
    expect(newObjectKey(tenantId, "slides", "p/n\\g")).toMatch(/\.png$/);
    expect(newObjectKey(tenantId, "slides", "")).toMatch(/\/[0-9a-f-]{36}$/);
    expect(parseObjectKey(newObjectKey(tenantId, "slides"))).not.toBeNull();
    expect(newObjectKey(tenantId, "audio", "mp3")).not.toBe(newObjectKey(tenantId, "audio", "mp3"));
  });

  it("cannot be made for a tenant id or folder the server should never pass", () => {
    expect(() => newObjectKey("../etc", "slides", "png")).toThrow("lowercase UUID");
    expect(() => newObjectKey(tenantId.toUpperCase(), "slides", "png")).toThrow("lowercase UUID");
    // @ts-expect-error: a folder outside the allowlist does not even type-check
    expect(() => newObjectKey(tenantId, "secrets", "png")).toThrow("unknown folder");
  });

  it("refuses everything that is not exactly that shape", () => {
    const good = newObjectKey(tenantId, "maintext", "pdf");
    const [, folder, name] = good.split("/");
    const zoo: unknown[] = [
      "../x",
      "..",
      "/etc/passwd",
      "%2e%2e/x",
      "..%2fx",
      "%2e%2e%2f%2e%2e%2fetc%2fpasswd",
      "a\\b",
      `${tenantId}\\${folder}\\${name}`,
      `${good}\0`,
      `${good}\0.png`,
      `${good}\n`,
      `/${good}`,
      `./${good}`,
      `${tenantId}/${folder}/../${folder}/${name}`,
      `${tenantId}/${folder}/./${name}`,
      `${tenantId}//${folder}/${name}`,
      `${tenantId}/secrets/${name}`,
      `${tenantId}/${folder}`,
      `${tenantId}/${folder}/${name}/x`,
      `${tenantId}/${folder}/report.pdf`,
      `${tenantId}/${folder}/${name!.replace(".pdf", ".pdf.exe")}`,
      `${tenantId}/${folder}/${name!.replace(".pdf", ".verylongext")}`,
      good.toUpperCase(),
      `${tenantId.toUpperCase()}/${folder}/${name}`,
      `${tenantId}/MAINTEXT/${name}`,
      `${tenantId}/${folder}/${name!.toUpperCase()}`,
      `${tenantId}/${folder}/${name!.replace(".pdf", ".PDF")}`,
      `${tenantId}/${folder}/${name}`.replace("/", "%2f"),
      `${tenantId}/${folder}/${name}`.replace(/\//g, "/\u200b"),
      "",
      " ",
      `${good} `,
      `${good}?x=1`,
      "C:\\Windows\\win.ini",
      "file:///etc/passwd",
      good.replace(tenantId, "00000000-0000-0000-0000-00000000000"),
      `${good}${"a".repeat(1000)}`,
      null,
      undefined,
      42,
      { toString: () => good },
      [good],
    ];
    for (const input of zoo) expect(parseObjectKey(input), JSON.stringify(String(input))).toBeNull();
  });
});

describe("Content-Disposition values", () => {
  it("give a plain filename for ASCII names and an RFC 8187 filename* for others", () => {
    expect(contentDisposition("attachment")).toBe("attachment");
    expect(contentDisposition("inline", "")).toBe("inline");
    expect(contentDisposition("attachment", "report.pdf")).toBe('attachment; filename="report.pdf"');
    expect(contentDisposition("inline", "Résumé 2026.docx")).toBe(
      `inline; filename="Resume 2026.docx"; filename*=UTF-8''R%C3%A9sum%C3%A9%202026.docx`,
    );
    expect(contentDisposition("attachment", "日本語.pdf")).toBe(
      `attachment; filename="___.pdf"; filename*=UTF-8''%E6%97%A5%E6%9C%AC%E8%AA%9E.pdf`,
    );
  });

  it("cannot be broken out of: quotes, line breaks, separators and percent signs are neutralised", () => {
    expect(contentDisposition("attachment", 'a"; filename="evil.exe')).toBe(
      `attachment; filename="a_; filename=_evil.exe"; filename*=UTF-8''a%22%3B%20filename%3D%22evil.exe`,
    );
    expect(contentDisposition("attachment", "two\r\nSet-Cookie: x=1")).not.toMatch(/[\r\n]/);
    expect(contentDisposition("attachment", "../../etc/passwd")).toBe(
      `attachment; filename=".._.._etc_passwd"`,
    );
    expect(contentDisposition("attachment", "100%.pdf")).toBe(`attachment; filename="100_.pdf"; filename*=UTF-8''100%25.pdf`);
    expect(contentDisposition("attachment", "it's (1).pdf")).toBe(
      `attachment; filename="it's (1).pdf"`,
    );
  });
});

describe("storage configuration", () => {
  const token = Buffer.from(JSON.stringify({ apiKey: "sk_live_x", appId: "app", regions: ["sea1"] })).toString("base64");

  function problemsOf(variables: Record<string, string>): string {
    try {
      loadEnv(variables);
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      return (error as ConfigError).problems.join("\n");
    }
    return "";
  }

  it("defaults to the local driver under DATA_DIR/files", async () => {
    expect(loadEnv({}).STORAGE_DRIVER).toBe("local");
    const driver = storage();
    expect(driver.name).toBe("local");
    const key = newObjectKey(randomUUID(), "scripts", "txt");
    await driver.put(key, Readable.from([Buffer.from("hello")]), { contentType: "text/plain", maxBytes: 10 });
    expect(existsSync(path.join(process.env.DATA_DIR!, "files", ...key.split("/")))).toBe(true);
  });

  it("names the variable a chosen driver is missing or has wrong", () => {
    expect(problemsOf({ STORAGE_DRIVER: "ftp" })).toContain("STORAGE_DRIVER: STORAGE_DRIVER must be local, s3 or uploadthing");
    expect(problemsOf({ STORAGE_DRIVER: "s3" })).toContain("S3_BUCKET: required when STORAGE_DRIVER=s3");
    expect(problemsOf({ STORAGE_DRIVER: "s3", S3_BUCKET: "ab" })).toContain("S3_BUCKET: S3_BUCKET must be a bucket name");
    expect(problemsOf({ STORAGE_DRIVER: "s3", S3_BUCKET: "files", S3_ENDPOINT: "minio:9000" })).toContain(
      "S3_ENDPOINT: S3_ENDPOINT must be an http or https URL",
    );
    expect(problemsOf({ STORAGE_DRIVER: "s3", S3_BUCKET: "files", S3_ACCESS_KEY_ID: "id" })).toContain(
      "S3_SECRET_ACCESS_KEY: required when S3_ACCESS_KEY_ID is set",
    );
    expect(problemsOf({ UPLOADTHING_API_URL: "not a url" })).toContain("UPLOADTHING_API_URL: UPLOADTHING_API_URL must be an http or https URL");
    expect(problemsOf({ S3_FORCE_PATH_STYLE: "yes" })).toContain("S3_FORCE_PATH_STYLE must be true or false");
    expect(problemsOf({ STORAGE_DRIVER: "uploadthing" })).toContain("UPLOADTHING_TOKEN: required when STORAGE_DRIVER=uploadthing");
    expect(problemsOf({ STORAGE_DRIVER: "uploadthing", UPLOADTHING_TOKEN: "sk_live_plainkey" })).toContain(
      "UPLOADTHING_TOKEN: UPLOADTHING_TOKEN must be the token from the UploadThing dashboard",
    );
  });

  it("reads the S3 and uploadthing settings and makes the chosen driver", () => {
    const s3 = loadEnv({ STORAGE_DRIVER: "s3", S3_BUCKET: "files", S3_ENDPOINT: "http://minio:9000", S3_FORCE_PATH_STYLE: "true" });
    expect(s3).toMatchObject({ S3_BUCKET: "files", S3_REGION: "us-east-1", S3_FORCE_PATH_STYLE: true });
    expect(loadEnv({ S3_REGION: "eu-west-3" }).S3_REGION).toBe("eu-west-3");
    expect(createStorageDriver(s3).name).toBe("s3");
    const uploadthing = loadEnv({ STORAGE_DRIVER: "uploadthing", UPLOADTHING_TOKEN: token, UPLOADTHING_UFS_APP_ID_LOCATION: "path" });
    expect(createStorageDriver(uploadthing).name).toBe("uploadthing");
    expect(createStorageDriver(loadEnv({})).name).toBe("local");
  });
});
