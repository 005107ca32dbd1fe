import { describe, expect, it } from "vitest";
import { securityHeaders } from "@/lib/security-headers";

const base = { nonce: "abc123", development: false, https: false };

describe("security headers", () => {
  it("forbids framing and plugins everywhere but the share player", () => {
    const headers = securityHeaders({ ...base, pathname: "/dashboard" });
    const csp = headers["Content-Security-Policy"];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toContain("base-uri 'none'");
    expect(csp).toContain("'nonce-abc123'");
    expect(csp).not.toContain("unsafe-eval");
    expect(headers["X-Frame-Options"]).toBe("DENY");
    expect(headers["Permissions-Policy"]).toContain("microphone=()");
    expect(headers["Strict-Transport-Security"]).toBeUndefined();
  });

  it("lets any site embed the shared player, which may use the microphone", () => {
    const headers = securityHeaders({ ...base, pathname: "/share/presentation/tok123" });
    expect(headers["Content-Security-Policy"]).toContain("frame-ancestors *");
    expect(headers["X-Frame-Options"]).toBeUndefined();
    expect(headers["Permissions-Policy"]).toContain("microphone=(self)");
  });

  it("allows the microphone in the signed-in player only", () => {
    expect(securityHeaders({ ...base, pathname: "/presentations/p1/view" })["Permissions-Policy"]).toContain("microphone=(self)");
    expect(securityHeaders({ ...base, pathname: "/presentations/p1/edit" })["Permissions-Policy"]).toContain("microphone=()");
  });

  it("sends HSTS only over https", () => {
    expect(securityHeaders({ ...base, https: true, pathname: "/" })["Strict-Transport-Security"]).toContain("max-age=");
  });
});
