import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadEnv } from "@/lib/env";
import { classifyAddress, FetchRefused, safeFetch, type FetchRefusalReason, type SafeFetchOptions } from "@/lib/http/safe-fetch";

/** A loopback test server; `hits` lists the paths it was asked for. */
async function startServer(
  host: string,
  handler: (request: http.IncomingMessage, response: http.ServerResponse) => void,
): Promise<{ port: number; hits: string[]; close: () => Promise<void> }> {
  const hits: string[] = [];
  const server = http.createServer((request, response) => {
    hits.push(request.url ?? "");
    handler(request, response);
  });
  await new Promise<void>((resolve) => server.listen(0, host, resolve));
  return {
    port: (server.address() as AddressInfo).port,
    hits,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

type Server = Awaited<ReturnType<typeof startServer>>;
let page: Server;
let page6: Server;
let secret: Server;
let redirector: Server;

const PAGE = "<!doctype html><title>ok</title><p>Hello from loopback</p>";

beforeAll(async () => {
  page = await startServer("127.0.0.1", (request, response) => {
    const path = request.url ?? "/";
    if (path === "/json") {
      response.writeHead(200, { "Content-Type": "application/json" }).end("{}");
    } else if (path === "/missing") {
      response.writeHead(404, { "Content-Type": "text/html" }).end("gone");
    } else if (path === "/large") {
      response.writeHead(200, { "Content-Type": "text/plain" });
      response.end(Buffer.alloc(6 * 1024 * 1024, "a"));
    } else if (path === "/gzip-bomb") {
      // 64 MB of spaces compressed to about 64 KB, and no Content-Length to warn of it.
      response.writeHead(200, { "Content-Type": "text/html", "Content-Encoding": "gzip" });
      response.end(zlib.gzipSync(Buffer.alloc(64 * 1024 * 1024, " ")));
    } else if (path === "/gzip") {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8", "Content-Encoding": "gzip" });
      response.end(zlib.gzipSync(PAGE));
    } else if (path === "/slow") {
      response.writeHead(200, { "Content-Type": "text/html" });
      response.write("<p>never finished");
    } else if (path.startsWith("/loop")) {
      const n = Number(path.slice("/loop".length) || 0);
      response.writeHead(302, { Location: `/loop${n + 1}` }).end();
    } else {
      response.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(PAGE);
    }
  });
  page6 = await startServer("::1", (_request, response) => {
    response.writeHead(200, { "Content-Type": "text/plain" }).end("ipv6 loopback");
  });
  secret = await startServer("127.0.0.1", (_request, response) => {
    response.writeHead(200, { "Content-Type": "text/plain" }).end("internal secret");
  });
  redirector = await startServer("127.0.0.1", (request, response) => {
    const target = request.url === "/to-metadata" ? "http://169.254.169.254/latest/meta-data/" : `http://127.0.0.1:${secret.port}/admin`;
    response.writeHead(302, { Location: target }).end();
  });
});

afterAll(async () => {
  await Promise.all([page, page6, secret, redirector].map((server) => server?.close()));
});

async function refusal(url: string, options: SafeFetchOptions = {}): Promise<FetchRefused> {
  try {
    await safeFetch(url, options);
  } catch (error) {
    if (error instanceof FetchRefused) return error;
    throw error;
  }
  throw new Error(`${url} was fetched`);
}

async function reasonFor(url: string, options: SafeFetchOptions = {}): Promise<FetchRefusalReason> {
  return (await refusal(url, options)).reason;
}

describe("safe fetch: addresses", () => {
  it("refuses loopback in every notation, with the user-facing message", async () => {
    const urls = [
      `http://127.0.0.1:${page.port}/`,
      `http://[::1]:${page6.port}/`,
      `http://[::ffff:127.0.0.1]:${page.port}/`,
      `http://0x7f000001:${page.port}/`,
      `http://2130706433:${page.port}/`,
      `http://017700000001:${page.port}/`,
      `http://127.1:${page.port}/`,
      `http://localhost:${page.port}/`,
    ];
    for (const url of urls) {
      const error = await refusal(url);
      expect(error.reason, url).toBe("blocked-address");
      expect(error.status).toBe(400);
      expect(error.detail).toBe("This address points to a private or reserved network and cannot be fetched.");
    }
    expect(page.hits).toEqual([]);
    expect(page6.hits).toEqual([]);
  });

  it("reaches the same loopback servers only when loopback is allowed (so the refusals above are the guard's)", async () => {
    for (const url of [
      `http://127.0.0.1:${page.port}/`,
      `http://0x7f000001:${page.port}/`,
      `http://2130706433:${page.port}/`,
      `http://017700000001:${page.port}/`,
      `http://127.1:${page.port}/`,
      `http://localhost:${page.port}/`,
    ]) {
      const response = await safeFetch(url, { allowLoopback: true });
      expect(response.body.toString(), url).toBe(PAGE);
      expect(response.url).toBe(`http://127.0.0.1:${page.port}/`.replace("127.0.0.1", new URL(url).hostname));
    }
    expect((await safeFetch(`http://[::1]:${page6.port}/`, { allowLoopback: true })).body.toString()).toBe("ipv6 loopback");
  });

  it("refuses private, link-local, metadata and other reserved addresses, even with loopback allowed", async () => {
    for (const url of [
      "http://169.254.169.254/latest/meta-data/",
      "http://10.0.0.1/",
      "http://172.16.5.4/",
      "http://192.168.1.1/",
      "http://100.64.0.1/",
      "http://0.0.0.0/",
      "http://[fd00:ec2::254]/",
      "http://[fe80::1]/",
      "http://[::ffff:10.0.0.1]/",
      "http://[64:ff9b::a9fe:a9fe]/",
      "http://[2002:7f00:1::]/",
      "http://[::7f00:1]/",
      "http://0xa9fea9fe/",
    ]) {
      expect(await reasonFor(url, { allowLoopback: true }), url).toBe("blocked-address");
    }
  });

  it("refuses schemes other than http and https, and addresses that are not URLs", async () => {
    expect(await reasonFor("file:///etc/passwd")).toBe("scheme");
    expect(await reasonFor("ftp://example.com/file.txt")).toBe("scheme");
    expect(await reasonFor("gopher://127.0.0.1:70/")).toBe("scheme");
    const invalid = await refusal("not a url");
    expect(invalid.reason).toBe("invalid-url");
    expect(invalid.detail).toBe("Please enter a valid URL");
  });

  it("classifies addresses in every form", () => {
    const cases: [string, string][] = [
      ["8.8.8.8", "public"],
      ["2606:4700:4700::1111", "public"],
      ["::ffff:8.8.8.8", "public"],
      ["64:ff9b::808:808", "public"],
      ["127.0.0.1", "loopback"],
      ["127.255.255.254", "loopback"],
      ["::1", "loopback"],
      ["::ffff:127.0.0.1", "loopback"],
      ["0.0.0.0", "blocked"],
      ["255.255.255.255", "blocked"],
      ["224.0.0.1", "blocked"],
      ["192.0.2.1", "blocked"],
      ["198.51.100.7", "blocked"],
      ["203.0.113.9", "blocked"],
      ["198.18.0.1", "blocked"],
      ["240.0.0.1", "blocked"],
      ["168.63.129.16", "blocked"],
      ["::", "blocked"],
      ["ff02::1", "blocked"],
      ["fc00::1", "blocked"],
      ["2001:db8::1", "blocked"],
      ["2001:0:4136:e378:8000:63bf:3fff:fdd2", "blocked"],
      ["::ffff:0:7f00:1", "blocked"],
      ["64:ff9b:1::1", "blocked"],
      ["4000::1", "blocked"],
      ["fe80::1%eth0", "blocked"],
      ["not an address", "blocked"],
    ];
    expect(cases.map(([address]) => [address, classifyAddress(address)])).toEqual(cases);
  });
});

describe("safe fetch: redirects", () => {
  it("re-checks every redirect: a page allowed on loopback cannot lead to another loopback service", async () => {
    const onlyTheRedirector = ({ url }: { url: URL }) => url.port === String(redirector.port);
    const error = await refusal(`http://127.0.0.1:${redirector.port}/start`, { allowLoopback: onlyTheRedirector });
    expect(error.reason).toBe("blocked-address");
    expect(error.url).toBe(`http://127.0.0.1:${secret.port}/admin`);
    expect(redirector.hits).toEqual(["/start"]);
    expect(secret.hits).toEqual([]);

    // Loopback allowed for the first hop only: the same refusal.
    const firstHopOnly = ({ hop }: { hop: number }) => hop === 0;
    expect(await reasonFor(`http://127.0.0.1:${redirector.port}/start`, { allowLoopback: firstHopOnly })).toBe(
      "blocked-address",
    );
    expect(secret.hits).toEqual([]);

    // With both allowed the redirect is followed: the refusals above are the re-check at work.
    const response = await safeFetch(`http://127.0.0.1:${redirector.port}/start`, { allowLoopback: true, accept: [] });
    expect(response.body.toString()).toBe("internal secret");
    expect(response.redirects).toEqual([`http://127.0.0.1:${secret.port}/admin`]);
  });

  it("refuses a redirect to the metadata service and stops after five redirects", async () => {
    expect(await reasonFor(`http://127.0.0.1:${redirector.port}/to-metadata`, { allowLoopback: true })).toBe(
      "blocked-address",
    );
    expect(await reasonFor(`http://127.0.0.1:${page.port}/loop`, { allowLoopback: true })).toBe("redirects");
    expect(page.hits.filter((path) => path.startsWith("/loop"))).toHaveLength(6);
    // The bound is an option: with ten allowed, eleven requests are made before the refusal.
    expect(await reasonFor(`http://127.0.0.1:${page.port}/loop`, { allowLoopback: true, maxRedirects: 10 })).toBe(
      "redirects",
    );
    expect(page.hits.filter((path) => path.startsWith("/loop"))).toHaveLength(6 + 11);
  });
});

describe("safe fetch: answers", () => {
  const allowed = { allowLoopback: true } as const;

  it("returns the decoded body, its media type and charset", async () => {
    const response = await safeFetch(`http://127.0.0.1:${page.port}/gzip`, allowed);
    expect(response.body.toString()).toBe(PAGE);
    expect(response.contentType).toBe("text/html");
    expect(response.charset).toBe("utf-8");
    expect(response.status).toBe(200);
  });

  it("refuses bodies over the size limit, compressed ones included, as they stream", async () => {
    expect(await reasonFor(`http://127.0.0.1:${page.port}/large`, allowed)).toBe("too-large");
    const bomb = await refusal(`http://127.0.0.1:${page.port}/gzip-bomb`, allowed);
    expect(bomb.reason).toBe("too-large");
    expect(bomb.detail).toBe("The page is too large to fetch.");
    expect((await safeFetch(`http://127.0.0.1:${page.port}/large`, { ...allowed, maxBytes: 7 * 1024 * 1024 })).body.length).toBe(
      6 * 1024 * 1024,
    );
  });

  it("refuses media types other than pages and text, and error statuses", async () => {
    expect(await reasonFor(`http://127.0.0.1:${page.port}/json`, allowed)).toBe("content-type");
    const missing = await refusal(`http://127.0.0.1:${page.port}/missing`, allowed);
    expect(missing.reason).toBe("http-status");
    expect(missing.detail).toBe("The page could not be fetched (HTTP 404).");
  });

  it("gives up at the time limit", async () => {
    const error = await refusal(`http://127.0.0.1:${page.port}/slow`, { ...allowed, timeoutMs: 300 });
    expect(error.reason).toBe("timeout");
    expect(error.detail).toBe("The page took too long to respond.");
  });

  it("reports a host name that does not resolve", async () => {
    expect(await reasonFor("http://no-such-host.invalid/")).toBe("dns");
  });
});

describe("FETCH_ALLOW_LOOPBACK", () => {
  it("is off unless set", () => {
    expect(loadEnv({}).FETCH_ALLOW_LOOPBACK).toBe(false);
    expect(loadEnv({ FETCH_ALLOW_LOOPBACK: "true" }).FETCH_ALLOW_LOOPBACK).toBe(true);
    expect(() => loadEnv({ FETCH_ALLOW_LOOPBACK: "yes please" })).toThrow(/FETCH_ALLOW_LOOPBACK must be true or false/);
  });
});
