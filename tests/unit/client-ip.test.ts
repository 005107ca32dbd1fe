// The client address behind the per-IP abuse limits (issue 7, V4): the production server takes it from the
// socket's peer, believes X-Forwarded-For only as far as TRUST_PROXY says, and hands it to the app in a header
// that no client can set; the app reads nothing else. A forged X-Forwarded-For never buys a fresh bucket.
import { once } from "node:events";
import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clientIp } from "@/lib/auth/rate-limit";
import { ConfigError, loadEnv } from "@/lib/env";
import {
  CLIENT_IP_HEADER,
  clientAddress,
  clientIpHeaderTrusted,
  parseTrustProxy,
  trustClientIpHeader,
  withClientAddress,
} from "@/lib/http/client-address.mjs";

const FORGED = ["203.0.113.1", "203.0.113.2", "10.0.0.1", "::1", "not-an-address", "1.1.1.1, 2.2.2.2"];

describe("TRUST_PROXY", () => {
  it("is a number of proxy hops (default 0) or a list of proxy addresses and CIDR ranges", () => {
    expect(parseTrustProxy(undefined)).toEqual({ hops: 0 });
    expect(parseTrustProxy("")).toEqual({ hops: 0 });
    expect(parseTrustProxy("0")).toEqual({ hops: 0 });
    expect(parseTrustProxy(" 2 ")).toEqual({ hops: 2 });
    expect(parseTrustProxy("10.0.0.0/8, 192.168.1.7 ,fd00::/8,::1")).toMatchObject({
      ranges: ["10.0.0.0/8", "192.168.1.7", "fd00::/8", "::1"],
    });
  });

  it.each(["-1", "1.5", "yes", "10.0.0.0/33", "10.0.0.0/8,,", "fd00::/129", "300.1.1.1", "10.0.0.0/8 192.168.0.0/16"])(
    "refuses %j with a message naming both forms",
    (value) => {
      expect(() => parseTrustProxy(value)).toThrow(/TRUST_PROXY must be a number of proxy hops .* or a comma-separated list of proxy addresses/);
      expect(() => loadEnv({ TRUST_PROXY: value })).toThrow(ConfigError);
    },
  );

  it("is part of the validated configuration", () => {
    expect(loadEnv({}).TRUST_PROXY).toBe("0");
    expect(loadEnv({ TRUST_PROXY: "10.0.0.0/8" }).TRUST_PROXY).toBe("10.0.0.0/8");
  });
});

describe("client address from the socket and X-Forwarded-For", () => {
  it("is the socket's peer when no proxy is trusted, whatever X-Forwarded-For says", () => {
    const trust = parseTrustProxy("0");
    for (const forged of [undefined, ...FORGED]) expect(clientAddress("198.51.100.20", forged, trust)).toBe("198.51.100.20");
  });

  it("reads IPv4-mapped IPv6 peers as IPv4 and keeps IPv6 peers", () => {
    const trust = parseTrustProxy("0");
    expect(clientAddress("::ffff:198.51.100.20", undefined, trust)).toBe("198.51.100.20");
    expect(clientAddress("2001:db8::7", undefined, trust)).toBe("2001:db8::7");
    expect(clientAddress(undefined, "203.0.113.1", trust)).toBe("unknown");
  });

  it("with N trusted hops takes the entry the outermost trusted proxy saw, not the client's additions", () => {
    const trust = parseTrustProxy("1");
    // The client sent "X-Forwarded-For: 203.0.113.1"; the proxy (10.0.0.2) appended the client's real address.
    expect(clientAddress("10.0.0.2", "203.0.113.1, 198.51.100.20", trust)).toBe("198.51.100.20");
    expect(clientAddress("10.0.0.2", "198.51.100.20", trust)).toBe("198.51.100.20");
    expect(clientAddress("10.0.0.2", "[2001:db8::7]:4711", trust)).toBe("2001:db8::7");
    expect(clientAddress("10.0.0.2", "198.51.100.20:4711", trust)).toBe("198.51.100.20");
    expect(clientAddress("10.0.0.2", undefined, trust)).toBe("10.0.0.2");
    expect(clientAddress("10.0.0.3", "203.0.113.1, 198.51.100.20, 10.0.0.2", parseTrustProxy("2"))).toBe("198.51.100.20");
    // Garbage where a trusted proxy's entry should be: stop at the last address a trusted hop vouched for.
    expect(clientAddress("10.0.0.2", "198.51.100.20, garbage", trust)).toBe("10.0.0.2");
  });

  it("with trusted proxy addresses walks back only through those proxies", () => {
    const trust = parseTrustProxy("10.0.0.0/8, fd00::/8");
    expect(clientAddress("10.0.0.2", "203.0.113.1, 198.51.100.20", trust)).toBe("198.51.100.20");
    expect(clientAddress("10.0.0.2", "203.0.113.1, 198.51.100.20, 10.9.9.9", trust)).toBe("198.51.100.20");
    expect(clientAddress("fd00::2", "198.51.100.20", trust)).toBe("198.51.100.20");
    expect(clientAddress("::ffff:10.0.0.2", "198.51.100.20", trust)).toBe("198.51.100.20");
    // A client that reaches the app directly is not a trusted proxy: its X-Forwarded-For counts for nothing.
    for (const forged of FORGED) expect(clientAddress("198.51.100.20", forged, trust)).toBe("198.51.100.20");
    // Every hop trusted: the leftmost entry is the best there is.
    expect(clientAddress("10.0.0.2", "10.1.1.1", trust)).toBe("10.1.1.1");
  });
});

describe("the production server's request handling", () => {
  let server: Server;
  let port = 0;
  const seen: IncomingMessage["headers"][] = [];

  beforeAll(async () => {
    const app = (request: IncomingMessage, response: ServerResponse) => {
      seen.push(request.headers);
      response.end();
    };
    server = createServer(withClientAddress(app, parseTrustProxy("0")));
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as AddressInfo).port;
  });

  afterAll(async () => {
    server.close();
    await once(server, "close");
  });

  it("hands the app the socket's peer and drops any client-sent copy of the header", async () => {
    seen.length = 0;
    for (const forged of FORGED) {
      await fetch(`http://127.0.0.1:${port}/api/v1/auth/login`, {
        method: "POST",
        headers: { "x-forwarded-for": forged, [CLIENT_IP_HEADER]: forged, "x-real-ip": forged },
      });
    }
    expect(seen.map((headers) => headers[CLIENT_IP_HEADER])).toEqual(FORGED.map(() => "127.0.0.1"));
  });
});

describe("clientIp() in the app", () => {
  const request = (headers: Record<string, string>) => new Request("http://app.test/api/v1/auth/login", { method: "POST", headers });

  it("never lets a forged X-Forwarded-For choose the bucket", () => {
    const buckets = new Set(FORGED.map((forged) => clientIp(request({ "x-forwarded-for": forged, "x-real-ip": forged }))));
    expect(buckets.size).toBe(1);
  });

  it("reads the server's header once the server vouches for it", () => {
    expect(clientIpHeaderTrusted()).toBe(false);
    expect(clientIp(request({ [CLIENT_IP_HEADER]: "198.51.100.20" }))).toBe("unknown");
    trustClientIpHeader();
    expect(clientIpHeaderTrusted()).toBe(true);
    for (const forged of FORGED) {
      expect(clientIp(request({ [CLIENT_IP_HEADER]: "198.51.100.20", "x-forwarded-for": forged }))).toBe("198.51.100.20");
    }
  });

  it("keys an IPv6 client on its /64 network, which one subscriber holds whole", () => {
    trustClientIpHeader();
    const ipOf = (address: string) => clientIp(request({ [CLIENT_IP_HEADER]: address }));
    expect(ipOf("2001:db8:1:2::1")).toBe(ipOf("2001:db8:1:2:ffff:ffff:ffff:fffe"));
    expect(ipOf("2001:db8:1:2::1")).toBe(ipOf("2001:0db8:0001:0002:0:0:0:abcd"));
    expect(ipOf("2001:db8:1:2::1")).not.toBe(ipOf("2001:db8:1:3::1"));
    expect(ipOf("::1")).toBe("0:0:0:0::/64");
    expect(ipOf("2001:db8::ffff:192.0.2.1")).toBe("2001:db8:0:0::/64");
    expect(ipOf("198.51.100.20")).toBe("198.51.100.20");
  });
});
