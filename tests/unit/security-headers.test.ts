import { describe, expect, it } from "vitest";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { createHash } from "node:crypto";
import { inlineScriptHashes, loadStaticPages } from "@/lib/http/static-pages";
import { contentSecurityPolicy, securityHeaders } from "@/lib/security-headers";

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

  it("keeps what a share link opens out of search indexes, and nothing else", () => {
    for (const pathname of [
      "/share/presentation/tok123",
      "/api/v1/files/shared-image",
      "/api/v1/files/shared-content",
      "/api/v1/presentations/share/tok123",
      "/api/v1/presentations/share/tok123/captions.vtt",
    ]) {
      expect(securityHeaders({ ...base, pathname })["X-Robots-Tag"], pathname).toBe("noindex, nofollow");
    }
    for (const pathname of ["/", "/login", "/dashboard", "/api/v1/files/view", "/api/v1/presentations/abc/share"]) {
      expect(securityHeaders({ ...base, pathname })["X-Robots-Tag"], pathname).toBeUndefined();
    }
  });

  it("lets only our own pages frame a file shown inline (the blog page's PDF preview)", () => {
    for (const pathname of ["/api/v1/files/view", "/api/v1/files/view/"]) {
      const headers = securityHeaders({ ...base, pathname });
      expect(headers["Content-Security-Policy"]).toContain("frame-ancestors 'self'");
      expect(headers["X-Frame-Options"]).toBe("SAMEORIGIN");
    }
    for (const pathname of ["/api/v1/files/download", "/api/v1/files/viewer", "/blogs/b1"]) {
      expect(securityHeaders({ ...base, pathname })["X-Frame-Options"]).toBe("DENY");
    }
  });

  it("allows the microphone in the signed-in player only", () => {
    expect(securityHeaders({ ...base, pathname: "/presentations/p1/view" })["Permissions-Policy"]).toContain("microphone=(self)");
    expect(securityHeaders({ ...base, pathname: "/presentations/p1/edit" })["Permissions-Policy"]).toContain("microphone=()");
  });

  it("sends HSTS only over https", () => {
    expect(securityHeaders({ ...base, https: true, pathname: "/" })["Strict-Transport-Security"]).toContain("max-age=");
  });

  it("allows a prerendered page's inline scripts by hash, without a nonce or 'unsafe-inline'", () => {
    const csp = contentSecurityPolicy({ ...base, pathname: "/login", prerendered: true, scriptHashes: ["'sha256-AAA='"] });
    const scripts = csp.split("; ").find((directive) => directive.startsWith("script-src"));
    expect(scripts).toBe("script-src 'self' 'sha256-AAA='");
    const dynamic = contentSecurityPolicy({ ...base, pathname: "/dashboard", scriptHashes: ["'sha256-404='"] });
    expect(dynamic).toContain("script-src 'self' 'nonce-abc123' 'sha256-404='");
  });
});

describe("prerendered pages' script hashes", () => {
  const sha = (text: string) => `'sha256-${createHash("sha256").update(text).digest("base64")}'`;

  it("hashes inline scripts exactly as written, skipping script files and empty tags", () => {
    const html = '<script src="/_next/a.js" async=""></script><script>self.__next_f=[]</script><script id="_R_"></script>' +
      '<script>(self.__next_f.push([1,"x<\\/script>"]))</script>';
    expect(inlineScriptHashes(html)).toEqual([sha("self.__next_f=[]"), sha('(self.__next_f.push([1,"x<\\/script>"]))')]);
  });

  it("reads each prerendered page of a build, the 404 and error pages as the fallback of every other path", () => {
    const dist = mkdtempSync(path.join(tmpdir(), "static-pages-"));
    mkdirSync(path.join(dist, "server", "app"), { recursive: true });
    writeFileSync(
      path.join(dist, "prerender-manifest.json"),
      JSON.stringify({ routes: { "/": { routeType: "page" }, "/login": { routeType: "page" }, "/_not-found": { routeType: "page" }, "/robots.txt": { routeType: "route" } } }),
    );
    writeFileSync(path.join(dist, "server", "app", "index.html"), "<script>home()</script>");
    writeFileSync(path.join(dist, "server", "app", "login.html"), "<script>login()</script>");
    writeFileSync(path.join(dist, "server", "app", "_not-found.html"), "<script>missing()</script>");
    const pages = loadStaticPages(dist);
    expect(pages.byPath.get("/")).toEqual([sha("home()")]);
    expect(pages.byPath.get("/login")).toEqual([sha("login()")]);
    expect(pages.byPath.has("/robots.txt")).toBe(false);
    expect(pages.fallback).toEqual([sha("missing()")]);
    expect(loadStaticPages(path.join(dist, "absent")).byPath.size).toBe(0);
  });
});
