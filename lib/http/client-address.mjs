// The client's address, for the per-IP abuse limits (issue 7, V4). Plain JavaScript because both the production
// server (scripts/server.mjs, run by Node without a build step) and the app use it; types in client-address.d.mts.
//
// The address is the socket's peer. X-Forwarded-For counts only as far as TRUST_PROXY says the hops in front of
// the app are trusted proxies: each trusted proxy appends the address it saw, so the entries are read from the
// right, and the first one not appended by a trusted proxy is the client. Everything left of it is whatever the
// client chose to send. The server hands the result to the app in CLIENT_IP_HEADER after dropping any copy the
// client sent; the app believes that header only when the server says it set it (trustClientIpHeader).
import { BlockList, isIP } from "node:net";

export const CLIENT_IP_HEADER = "x-client-ip";

const TRUST_PROXY_FORMAT =
  "TRUST_PROXY must be a number of proxy hops (0 = none, the default; 1 = one load balancer in front) " +
  "or a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.0/8,fd00::/8)";

/** Parses TRUST_PROXY; throws an Error naming both accepted forms. */
export function parseTrustProxy(value) {
  const text = (value ?? "").trim();
  if (text === "") return { hops: 0 };
  if (/^\d+$/.test(text)) return { hops: Number(text) };
  const ranges = text.split(",").map((entry) => entry.trim());
  const list = new BlockList();
  for (const range of ranges) {
    const [address = "", prefix, ...rest] = range.split("/");
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const validPrefix = prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || rest.length > 0 || !validPrefix) throw new Error(`${TRUST_PROXY_FORMAT}; "${range}" is neither`);
    const type = family === 4 ? "ipv4" : "ipv6";
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return { ranges, list };
}

/** An address as written in a socket or X-Forwarded-For entry, normalised; null when it is not an IP address. */
export function normaliseAddress(value) {
  if (typeof value !== "string") return null;
  let address = value.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed) address = bracketed[1] ?? "";
  else if (/^[^:]+:\d+$/.test(address)) address = address.slice(0, address.lastIndexOf(":"));
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) address = mapped[1] ?? "";
  return isIP(address) === 0 ? null : address.toLowerCase();
}

function isTrustedProxy(address, trust) {
  if ("hops" in trust) return false;
  return trust.list.check(address, isIP(address) === 4 ? "ipv4" : "ipv6");
}

/** The client's address from the socket's peer, the X-Forwarded-For header and the TRUST_PROXY setting. */
export function clientAddress(socketAddress, forwardedFor, trust) {
  let current = normaliseAddress(socketAddress);
  if (current === null) return "unknown";
  const header = Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? "");
  const entries = header === "" ? [] : header.split(",").reverse();
  for (let hop = 0; hop < entries.length; hop += 1) {
    const trusted = "hops" in trust ? hop < trust.hops : isTrustedProxy(current, trust);
    if (!trusted) break;
    const next = normaliseAddress(entries[hop]);
    if (next === null) break;
    current = next;
  }
  return current;
}

/** Replaces any client-sent copy of CLIENT_IP_HEADER on a Node request with the address computed here. */
export function setClientAddressHeader(request, trust) {
  request.headers[CLIENT_IP_HEADER] = clientAddress(request.socket?.remoteAddress, request.headers["x-forwarded-for"], trust);
}

/** Wraps a Node request listener so every request reaches it with CLIENT_IP_HEADER set by this server. */
export function withClientAddress(listener, trust) {
  return (request, response) => {
    setClientAddressHeader(request, trust);
    return listener(request, response);
  };
}

const TRUSTED = Symbol.for("narrated-presentations.client-ip-header-trusted");

/** Called by the server that sets CLIENT_IP_HEADER (and by API tests, which stand in for it). */
export function trustClientIpHeader() {
  globalThis[TRUSTED] = true;
}

export function clientIpHeaderTrusted() {
  return globalThis[TRUSTED] === true;
}
