// A loopback stand-in of the UploadThing HTTP endpoints that the uploadthing 7 server SDK (UTApi) calls, so the
// uploadthing storage driver is tested without network. It checks the credentials the SDK sends (the API key
// header; the HMAC-SHA256 signature and expiry of signed URLs) and the signed file size, refuses a second file with
// the same customId, and keeps files in memory. Emulated:
//   PUT  {ingestUrl}/{fileKey}?expires&x-ut-identifier&x-ut-file-name&x-ut-file-size&x-ut-file-type
//        &x-ut-custom-id&x-ut-content-disposition&signature   multipart field "file" (UTApi.uploadFiles)
//   POST {apiUrl}/v6/listFiles   {limit, offset}              (UTApi.listFiles)
//   POST {apiUrl}/v6/deleteFiles {fileKeys} | {customIds}     (UTApi.deleteFiles)
//   GET and HEAD http://{ufsHost}/a/{appId}/{fileKey|customId}?expires&signature
//        the file host (UFS) for URLs from UTApi.generateSignedURL, with single byte ranges
import { createHash, createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import busboy from "busboy";

export interface StoredUpload {
  key: string;
  customId: string | null;
  name: string;
  type: string;
  data: Buffer;
  uploadedAt: number;
}

export interface UploadthingStandIn {
  /** UPLOADTHING_TOKEN for the SDK. */
  token: string;
  apiKey: string;
  appId: string;
  apiUrl: string;
  ingestUrl: string;
  /** A host containing "local", so the SDK builds http:// file URLs; use with ufsAppIdLocation "path". */
  ufsHost: string;
  files: Map<string, StoredUpload>;
  /** Every request as "METHOD /path" (no query), in order. */
  requests: string[];
  /** When false, the file host ignores Range headers and sends whole files (as some CDNs do). */
  honourRanges: boolean;
  close(): Promise<void>;
}

function sign(payload: string, apiKey: string): string {
  return `hmac-sha256=${createHmac("sha256", apiKey).update(payload).digest("hex")}`;
}

/** Checks a URL signed by @uploadthing/shared's generateSignedURL: HMAC of the URL before `&signature=`, unexpired. */
function validSignature(origin: string, requestUrl: string, apiKey: string): boolean {
  const at = requestUrl.lastIndexOf("&signature=");
  if (at < 0) return false;
  const given = Buffer.from(decodeURIComponent(requestUrl.slice(at + "&signature=".length)));
  const expected = Buffer.from(sign(origin + requestUrl.slice(0, at), apiKey));
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return false;
  const expires = Number(new URL(requestUrl, origin).searchParams.get("expires"));
  return Number.isFinite(expires) && expires > Date.now();
}

function json(response: ServerResponse, status: number, body: unknown): void {
  response.writeHead(status, { "content-type": "application/json" }).end(JSON.stringify(body));
}

async function readJson(request: IncomingMessage): Promise<Record<string, unknown>> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) chunks.push(chunk as Buffer);
  return JSON.parse(Buffer.concat(chunks).toString("utf8") || "{}") as Record<string, unknown>;
}

/** The multipart field "file" of an ingest request. */
function readUploadedFile(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let found = false;
    const parser = busboy({ headers: request.headers });
    parser.on("file", (field, stream) => {
      if (field !== "file") {
        stream.resume();
        return;
      }
      found = true;
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
    });
    parser.on("close", () => (found ? resolve(Buffer.concat(chunks)) : reject(new Error("no file field"))));
    parser.on("error", reject);
    request.pipe(parser);
  });
}

function listen(server: Server, host: string, port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => {
      server.off("error", reject);
      resolve();
    });
  });
}

export async function startUploadthingStandIn(): Promise<UploadthingStandIn> {
  const apiKey = `sk_test_${randomBytes(16).toString("hex")}`;
  const appId = "standinapp";
  const token = Buffer.from(JSON.stringify({ apiKey, appId, regions: ["local"] })).toString("base64");
  const files = new Map<string, StoredUpload>();
  const requests: string[] = [];
  let origin = "";
  let ufsHost = "";

  const byId = (id: string) => files.get(id) ?? [...files.values()].find((file) => file.customId === id);

  async function ingest(request: IncomingMessage, response: ServerResponse, fileKey: string): Promise<void> {
    if (!validSignature(origin, request.url ?? "", apiKey)) return json(response, 403, { error: "Invalid signature" });
    const query = new URL(request.url ?? "", origin).searchParams;
    // generateSignedURL encodes each value before URLSearchParams encodes it again.
    const param = (name: string) => {
      const value = query.get(name);
      return value === null ? null : decodeURIComponent(value);
    };
    if (param("x-ut-identifier") !== appId) return json(response, 403, { error: "Wrong app" });
    const customId = param("x-ut-custom-id");
    if (customId && byId(customId)) return json(response, 409, { error: "customId already exists" });
    const data = await readUploadedFile(request);
    if (data.length !== Number(param("x-ut-file-size"))) return json(response, 400, { error: "Size does not match the signed size" });
    files.set(fileKey, {
      key: fileKey,
      customId,
      name: param("x-ut-file-name") ?? "file",
      type: param("x-ut-file-type") ?? "application/octet-stream",
      data,
      uploadedAt: Date.now(),
    });
    const ufsUrl = `http://${ufsHost}/a/${appId}/${fileKey}`;
    json(response, 200, { url: ufsUrl, appUrl: ufsUrl, ufsUrl, fileHash: createHash("md5").update(data).digest("hex") });
  }

  async function api(request: IncomingMessage, response: ServerResponse, action: string): Promise<void> {
    if (request.headers["x-uploadthing-api-key"] !== apiKey) return json(response, 401, { error: "Invalid API key" });
    const body = await readJson(request);
    if (action === "listFiles") {
      const offset = Number(body.offset ?? 0);
      const limit = Number(body.limit ?? 500);
      const all = [...files.values()].sort((a, b) => a.uploadedAt - b.uploadedAt);
      const page = all.slice(offset, offset + limit).map((file) => ({
        id: file.key,
        customId: file.customId,
        key: file.key,
        name: file.name,
        size: file.data.length,
        status: "Uploaded",
        uploadedAt: file.uploadedAt,
      }));
      return json(response, 200, { hasMore: offset + limit < all.length, files: page });
    }
    if (action === "deleteFiles") {
      const ids = (Array.isArray(body.fileKeys) ? body.fileKeys : Array.isArray(body.customIds) ? body.customIds : []) as string[];
      let deletedCount = 0;
      for (const id of ids) {
        const file = Array.isArray(body.fileKeys) ? files.get(id) : [...files.values()].find((entry) => entry.customId === id);
        if (file && files.delete(file.key)) deletedCount += 1;
      }
      return json(response, 200, { success: true, deletedCount });
    }
    json(response, 404, { error: "Unknown action" });
  }

  function serveFile(request: IncomingMessage, response: ServerResponse, id: string): void {
    if (!validSignature(`http://${ufsHost}`, request.url ?? "", apiKey)) return json(response, 403, { error: "Invalid signature" });
    const file = byId(id);
    if (!file) return json(response, 404, { error: "Not found" });
    const size = file.data.length;
    const headers: Record<string, string> = {
      "content-type": file.type,
      "last-modified": new Date(file.uploadedAt).toUTCString(),
      "accept-ranges": "bytes",
    };
    const range = standIn.honourRanges ? /^bytes=(\d*)-(\d*)$/.exec(request.headers.range ?? "") : null;
    let status = 200;
    let start = 0;
    let end = size - 1;
    if (range && (range[1] || range[2])) {
      start = range[1] ? Number(range[1]) : Math.max(size - Number(range[2]), 0);
      end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (start >= size || start > end) {
        response.writeHead(416, { "content-range": `bytes */${size}` }).end();
        return;
      }
      status = 206;
      headers["content-range"] = `bytes ${start}-${end}/${size}`;
    }
    headers["content-length"] = String(end - start + 1);
    response.writeHead(status, headers);
    response.end(request.method === "HEAD" ? undefined : file.data.subarray(start, end + 1));
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? "/", "http://stand-in");
    requests.push(`${request.method} ${url.pathname}`);
    const segments = url.pathname.split("/").filter(Boolean);
    const handled = (async () => {
      if (request.method === "POST" && segments[0] === "v6" && segments.length === 2) return api(request, response, segments[1]!);
      if ((request.method === "GET" || request.method === "HEAD") && segments[0] === "a" && segments[1] === appId && segments.length === 3) {
        return serveFile(request, response, decodeURIComponent(segments[2]!));
      }
      if (request.method === "PUT" && segments.length === 1) return ingest(request, response, segments[0]!);
      json(response, 404, { error: "Not emulated" });
    })();
    handled.catch((error: unknown) => json(response, 500, { error: error instanceof Error ? error.message : String(error) }));
  });
  const servers = [server];
  await listen(server, "127.0.0.1", 0);
  const { port } = server.address() as AddressInfo;
  // The SDK puts file URLs on "localhost", which may resolve to ::1 first: answer there too when IPv6 is available.
  const ipv6 = createServer((request, response) => server.emit("request", request, response));
  await listen(ipv6, "::1", port).then(
    () => servers.push(ipv6),
    () => undefined,
  );
  origin = `http://127.0.0.1:${port}`;
  ufsHost = `localhost:${port}`;

  const standIn: UploadthingStandIn = {
    token,
    apiKey,
    appId,
    apiUrl: origin,
    ingestUrl: origin,
    ufsHost,
    files,
    requests,
    honourRanges: true,
    async close() {
      await Promise.all(
        servers.map(
          (each) =>
            new Promise<void>((resolve) => {
              each.close(() => resolve());
              each.closeAllConnections();
            }),
        ),
      );
    },
  };
  return standIn;
}
