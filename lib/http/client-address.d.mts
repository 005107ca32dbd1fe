// Types of client-address.mjs (plain JavaScript so that scripts/server.mjs runs it without a build step).
import type { IncomingMessage, ServerResponse } from "node:http";
import type { BlockList } from "node:net";

export declare const CLIENT_IP_HEADER: "x-client-ip";

/** TRUST_PROXY parsed: a number of trusted proxy hops, or the trusted proxies' addresses and CIDR ranges. */
export type TrustProxy = { hops: number } | { ranges: string[]; list: BlockList };

export declare function parseTrustProxy(value: string | undefined): TrustProxy;
export declare function normaliseAddress(value: string | undefined): string | null;
export declare function clientAddress(
  socketAddress: string | undefined,
  forwardedFor: string | string[] | undefined,
  trust: TrustProxy,
): string;
export declare function setClientAddressHeader(request: IncomingMessage, trust: TrustProxy): void;
export declare function withClientAddress<Result>(
  listener: (request: IncomingMessage, response: ServerResponse) => Result,
  trust: TrustProxy,
): (request: IncomingMessage, response: ServerResponse) => Result;
export declare function trustClientIpHeader(): void;
export declare function clientIpHeaderTrusted(): boolean;
