// Fetching a user-given URL from the server without letting it reach what only the server can reach (SSRF): http and
// https only; every address the host resolves to must be public; the connection goes to the checked address (no
// second DNS answer can swap it); redirects are followed by hand and checked again; size and time are bounded.
import dns from "node:dns";
import http from "node:http";
import https from "node:https";
import net from "node:net";
import type { Readable } from "node:stream";
import zlib from "node:zlib";
import ipaddr from "ipaddr.js";
import { env } from "@/lib/env";
import { AppError } from "@/lib/errors";

export type FetchRefusalReason =
  | "invalid-url"
  | "scheme"
  | "blocked-address"
  | "dns"
  | "redirects"
  | "too-large"
  | "timeout"
  | "content-type"
  | "http-status"
  | "network";

const MESSAGES: Record<Exclude<FetchRefusalReason, "http-status">, string> = {
  "invalid-url": "Please enter a valid URL",
  scheme: "Only http and https addresses can be fetched.",
  "blocked-address": "This address points to a private or reserved network and cannot be fetched.",
  dns: "The address's host name could not be found.",
  redirects: "The address redirected too many times.",
  "too-large": "The page is too large to fetch.",
  timeout: "The page took too long to respond.",
  "content-type": "The address does not lead to a web page or plain text.",
  network: "The page could not be reached.",
};

/** A URL the server will not fetch, or a fetch that failed; `detail` is the text for the user (400). */
export class FetchRefused extends AppError {
  constructor(
    public readonly reason: FetchRefusalReason,
    /** The address concerned (after redirects, the one refused). */
    public readonly url: string,
    /** Technical detail for the logs, never shown to the user. */
    public readonly logDetail?: string,
    /** The HTTP status of an "http-status" refusal. */
    public readonly httpStatus?: number,
  ) {
    super(
      400,
      reason === "http-status" ? `The page could not be fetched (HTTP ${httpStatus ?? "error"}).` : MESSAGES[reason],
    );
  }
}

// ---------------------------------------------------------------------------------------------------------------
// Addresses

export type AddressClass = "public" | "loopback" | "blocked";

/** Public unicast space ipaddr.js does not list: the Azure host agent answers instance metadata here. */
const EXTRA_BLOCKED_IPV4: [ipaddr.IPv4, number][] = [[ipaddr.IPv4.parse("168.63.129.16"), 32]];

function classifyIPv4(address: ipaddr.IPv4): AddressClass {
  // ipaddr.js names every special range (RFC 6890 and later): unspecified, broadcast, multicast, link-local
  // (169.254/16, cloud metadata included), loopback, carrier-grade NAT (100.64/10), private (RFC 1918) and the
  // reserved ones (documentation, benchmarking 198.18/15, 192.0.0/24, 240/4); only "unicast" is the public internet.
  const range = address.range();
  if (range === "loopback") return "loopback";
  if (range !== "unicast") return "blocked";
  if (EXTRA_BLOCKED_IPV4.some(([network, bits]) => address.match(network, bits))) return "blocked";
  return "public";
}

function embeddedIPv4(address: ipaddr.IPv6, firstByte: number): ipaddr.IPv4 {
  const bytes = address.toByteArray();
  return new ipaddr.IPv4(bytes.slice(firstByte, firstByte + 4));
}

function classifyIPv6(address: ipaddr.IPv6): AddressClass {
  if (address.isIPv4MappedAddress()) return classifyIPv4(address.toIPv4Address());
  const range = address.range();
  if (range === "loopback") return "loopback";
  const parts = address.parts;
  // NAT64 (64:ff9b::/96) and 6to4 (2002::/16) carry an IPv4 address that the gateway will connect to: only as
  // public as that address. The local-use NAT64 prefix (64:ff9b:1::/48) is by definition not public.
  if (range === "rfc6052") {
    return parts[2] === 0 && parts[3] === 0 && parts[4] === 0 && parts[5] === 0
      ? classifyIPv4(embeddedIPv4(address, 12)) === "public"
        ? "public"
        : "blocked"
      : "blocked";
  }
  if (range === "6to4") return classifyIPv4(embeddedIPv4(address, 2)) === "public" ? "public" : "blocked";
  // Teredo's embedded address is obfuscated and its relays reach anything; ipaddr.js's other names (unique local
  // fc00::/7 with fd00:ec2::254, link-local, site-local, multicast, documentation, SIIT, discard...) are not public.
  if (range !== "unicast") return "blocked";
  // ::/96 (IPv4-compatible, deprecated) is "unicast" to ipaddr.js, e.g. ::7f00:1 for 127.0.0.1.
  if (parts.slice(0, 6).every((part) => part === 0)) return "blocked";
  // Only 2000::/3 is allocated as global unicast; the rest of the "unicast" space is reserved.
  if (((parts[0] ?? 0) & 0xe000) !== 0x2000) return "blocked";
  return "public";
}

/** Whether an IP address (v4 or v6 text, any form ipaddr.js reads) is public, loopback, or otherwise refused. */
export function classifyAddress(text: string): AddressClass {
  let address: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    address = ipaddr.parse(text);
  } catch {
    return "blocked";
  }
  return address.kind() === "ipv4" ? classifyIPv4(address as ipaddr.IPv4) : classifyIPv6(address as ipaddr.IPv6);
}

// ---------------------------------------------------------------------------------------------------------------
// Fetching

export interface LoopbackTarget {
  url: URL;
  /** The loopback address the host resolved to. */
  address: string;
  /** 0 for the address first asked for, 1 for the first redirect's target, and so on. */
  hop: number;
}

export interface SafeFetchOptions {
  /** Largest body accepted, in bytes after decompression (default 5 MB). */
  maxBytes?: number;
  /** Time for the whole fetch, redirects included, in milliseconds (default 15 s). */
  timeoutMs?: number;
  /** Redirects followed at most (default 5). */
  maxRedirects?: number;
  /** Media types accepted (default text/html, application/xhtml+xml, text/plain); an empty list accepts any. */
  accept?: readonly string[];
  /**
   * Loopback addresses are refused unless this allows them: true for all, or a function deciding per target (so a
   * test can allow its own server and nothing else). Defaults to FETCH_ALLOW_LOOPBACK. No other private or reserved
   * address is ever allowed.
   */
  allowLoopback?: boolean | ((target: LoopbackTarget) => boolean);
  /** Aborts the fetch (it then rejects with the signal's reason). */
  signal?: AbortSignal;
}

export interface SafeFetchResponse {
  /** The address finally answered, after redirects. */
  url: string;
  status: number;
  /** The media type, lower case, without parameters ("" when the server sent none). */
  contentType: string;
  charset?: string;
  body: Buffer;
  /** The addresses redirected to, in order. */
  redirects: string[];
}

export const SAFE_FETCH_DEFAULTS = {
  maxBytes: 5 * 1024 * 1024,
  timeoutMs: 15_000,
  maxRedirects: 5,
  accept: ["text/html", "application/xhtml+xml", "text/plain"] as readonly string[],
};

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const USER_AGENT = "Mozilla/5.0 (compatible; NarratedPresentations/1.0; +fetches pages users add as blog sources)";

type ResolvedAddress = { address: string; family: 4 | 6 };

function parseUrl(input: string | URL): URL {
  try {
    return new URL(String(input));
  } catch {
    throw new FetchRefused("invalid-url", String(input));
  }
}

/**
 * The addresses `url` would connect to, every one checked. A literal host is already normalised by the URL parser
 * (0x7f000001, 2130706433, 017700000001 and 127.1 all read as 127.0.0.1; [::ffff:127.0.0.1] as [::ffff:7f00:1]).
 */
async function resolveChecked(
  url: URL,
  hop: number,
  allowLoopback: SafeFetchOptions["allowLoopback"],
  signal: AbortSignal,
): Promise<ResolvedAddress[]> {
  const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
  let addresses: ResolvedAddress[];
  const literal = net.isIP(host);
  if (literal) {
    addresses = [{ address: host, family: literal as 4 | 6 }];
  } else {
    try {
      const found = await abortable(dns.promises.lookup(host, { all: true, verbatim: true }), signal);
      addresses = found.map((entry) => ({ address: entry.address, family: entry.family === 6 ? 6 : 4 }));
    } catch (error) {
      if (signal.aborted) throw error;
      throw new FetchRefused("dns", url.href, String(error));
    }
    if (addresses.length === 0) throw new FetchRefused("dns", url.href);
  }
  for (const { address } of addresses) {
    const kind = classifyAddress(address);
    if (kind === "public") continue;
    const allowed =
      kind === "loopback" &&
      (typeof allowLoopback === "function" ? allowLoopback({ url, address, hop }) : allowLoopback === true);
    if (!allowed) throw new FetchRefused("blocked-address", url.href, `${host} -> ${address}`);
  }
  return addresses;
}

function abortable<T>(promise: Promise<T>, signal: AbortSignal): Promise<T> {
  if (signal.aborted) return Promise.reject(signal.reason);
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(signal.reason);
    signal.addEventListener("abort", onAbort, { once: true });
    promise.then(
      (value) => {
        signal.removeEventListener("abort", onAbort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener("abort", onAbort);
        reject(error);
      },
    );
  });
}

/** A dns.lookup stand-in answering only the addresses already checked: the socket cannot go anywhere else. */
function pinnedLookup(addresses: ResolvedAddress[]): net.LookupFunction {
  return (_hostname, options, callback) => {
    const first = addresses[0] as ResolvedAddress;
    if (options.all) callback(null, addresses);
    else callback(null, first.address, first.family);
  };
}

function requestOnce(url: URL, addresses: ResolvedAddress[], signal: AbortSignal): Promise<http.IncomingMessage> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.startsWith("[") ? url.hostname.slice(1, -1) : url.hostname;
    const request = (url.protocol === "https:" ? https : http).request(
      {
        protocol: url.protocol,
        host,
        port: url.port || undefined,
        path: `${url.pathname}${url.search}`,
        method: "GET",
        // A fresh connection per hop: a pooled socket could belong to another address.
        agent: false,
        lookup: pinnedLookup(addresses),
        // The certificate is checked against the host name, never against the address.
        ...(url.protocol === "https:" && !net.isIP(host) ? { servername: host } : {}),
        signal,
        headers: {
          Host: url.host,
          "User-Agent": USER_AGENT,
          Accept: "text/html,application/xhtml+xml,text/plain;q=0.9,*/*;q=0.1",
          "Accept-Encoding": "gzip, deflate, br",
        },
      },
      resolve,
    );
    request.on("error", reject);
    request.end();
  });
}

function decoderFor(encoding: string | undefined): zlib.Gunzip | zlib.Inflate | zlib.BrotliDecompress | null | undefined {
  const value = (encoding ?? "identity").trim().toLowerCase();
  if (value === "identity" || value === "") return null;
  if (value === "gzip" || value === "x-gzip") return zlib.createGunzip();
  if (value === "deflate") return zlib.createInflate();
  if (value === "br") return zlib.createBrotliDecompress();
  return undefined;
}

/** The body, decompressed, refused as soon as it passes `maxBytes` (so a compression bomb stops early too). */
async function readBody(response: http.IncomingMessage, url: URL, maxBytes: number): Promise<Buffer> {
  const declared = Number(response.headers["content-length"]);
  if (Number.isFinite(declared) && declared > maxBytes) throw new FetchRefused("too-large", url.href);
  const decoder = decoderFor(response.headers["content-encoding"]);
  if (decoder === undefined) {
    throw new FetchRefused("network", url.href, `content-encoding ${response.headers["content-encoding"]}`);
  }
  let stream: Readable = response;
  if (decoder) {
    response.on("error", (error) => decoder.destroy(error));
    stream = response.pipe(decoder);
  }
  const chunks: Buffer[] = [];
  let size = 0;
  try {
    for await (const chunk of stream as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw new FetchRefused("too-large", url.href);
      chunks.push(chunk);
    }
  } finally {
    response.destroy();
  }
  return Buffer.concat(chunks);
}

function mediaType(header: string | undefined): { type: string; charset?: string } {
  const [type = "", ...parameters] = (header ?? "").split(";");
  const charset = parameters
    .map((parameter) => parameter.trim().match(/^charset\s*=\s*"?([^";]+)"?$/i)?.[1])
    .find(Boolean);
  return { type: type.trim().toLowerCase(), ...(charset ? { charset: charset.toLowerCase() } : {}) };
}

/**
 * GETs a user-given http(s) URL under the SSRF guard. Throws FetchRefused for a refused address or scheme, too many
 * redirects, a body over the size limit, a timeout, an unaccepted media type, a non-2xx answer or a network failure.
 */
export async function safeFetch(input: string | URL, options: SafeFetchOptions = {}): Promise<SafeFetchResponse> {
  const maxBytes = options.maxBytes ?? SAFE_FETCH_DEFAULTS.maxBytes;
  const maxRedirects = options.maxRedirects ?? SAFE_FETCH_DEFAULTS.maxRedirects;
  const accept = options.accept ?? SAFE_FETCH_DEFAULTS.accept;
  const allowLoopback = options.allowLoopback ?? env().FETCH_ALLOW_LOOPBACK;
  const deadline = AbortSignal.timeout(options.timeoutMs ?? SAFE_FETCH_DEFAULTS.timeoutMs);
  const signal = options.signal ? AbortSignal.any([options.signal, deadline]) : deadline;

  let url = parseUrl(input);
  const redirects: string[] = [];
  try {
    for (let hop = 0; ; hop++) {
      if (url.protocol !== "http:" && url.protocol !== "https:") throw new FetchRefused("scheme", url.href);
      const addresses = await resolveChecked(url, hop, allowLoopback, signal);
      let response: http.IncomingMessage;
      try {
        response = await requestOnce(url, addresses, signal);
      } catch (error) {
        if (signal.aborted) throw error;
        throw new FetchRefused("network", url.href, String(error));
      }
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (REDIRECTS.has(status) && location) {
        response.destroy();
        if (redirects.length >= maxRedirects) throw new FetchRefused("redirects", url.href);
        try {
          url = new URL(location, url);
        } catch {
          throw new FetchRefused("invalid-url", location);
        }
        redirects.push(url.href);
        continue;
      }
      if (status < 200 || status > 299) {
        response.destroy();
        throw new FetchRefused("http-status", url.href, undefined, status);
      }
      const { type, charset } = mediaType(response.headers["content-type"]);
      if (accept.length > 0 && !accept.includes(type)) {
        response.destroy();
        throw new FetchRefused("content-type", url.href, type || "none");
      }
      let body: Buffer;
      try {
        body = await readBody(response, url, maxBytes);
      } catch (error) {
        if (error instanceof FetchRefused || signal.aborted) throw error;
        throw new FetchRefused("network", url.href, String(error));
      }
      return { url: url.href, status, contentType: type, ...(charset ? { charset } : {}), body, redirects };
    }
  } catch (error) {
    if (deadline.aborted && !(error instanceof FetchRefused)) throw new FetchRefused("timeout", url.href);
    if (options.signal?.aborted) throw options.signal.reason;
    throw error;
  }
}
