// npm run seed:demo's seeding (issue 12) on the test database: a completed presentation with audio on every slide
// and a live share link, signed in with the printed credentials; a second run adds nothing.
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as loginRoute from "@/app/api/v1/auth/login/route";
import * as presentationRoute from "@/app/api/v1/presentations/[id]/route";
import * as sharedPresentationRoute from "@/app/api/v1/presentations/share/[token]/route";
import { DEMO, seedDemo } from "@/lib/seed/demo";
import { getDb } from "@/db/client";
import { blogs, presentations, projects, shareLinks, tenants, users } from "@/db/schema";
import type { PresentationOut } from "@/lib/services/presentations";
import { call, json } from "../support/api";

describe("seed:demo", () => {
  it("makes a narrated, shared presentation the demo user can open, and a second run duplicates nothing", async () => {
    const first = await seedDemo();
    expect(first.shareUrl).toMatch(/^\/share\/presentation\/[A-Za-z0-9_-]{43}$/);

    const login = await call(loginRoute.POST, "POST", { body: { email: DEMO.email, password: DEMO.password } });
    expect(login.status, await login.clone().text()).toBe(200);
    const { access_token } = await json<{ access_token: string }>(login);
    const deck = await json<PresentationOut>(await call(presentationRoute.GET, "GET", { token: access_token, params: { id: first.presentationId } }));
    expect(deck).toMatchObject({ status: "completed", webhook_status: "completed", generation_method: "ai_template" });
    expect(deck.slides.length).toBeGreaterThan(3);
    for (const slide of deck.slides) {
      expect(slide.audio_path, `slide ${slide.slide_number}`).not.toBeNull();
      expect(slide.audio_duration_ms).toBeGreaterThan(0);
      expect(slide.image_status).toBe("ready");
    }
    const token = first.shareUrl.split("/").at(-1)!;
    const shared = await call(sharedPresentationRoute.GET, "GET", { params: { token } });
    expect(shared.status).toBe(200);

    const db = await getDb();
    const counts = async () => ({
      tenants: (await db.select().from(tenants).where(eq(tenants.domain, DEMO.domain))).length,
      users: (await db.select().from(users).where(eq(users.email, DEMO.email))).length,
      projects: (await db.select().from(projects).where(eq(projects.tenantId, first.tenantId))).length,
      blogs: (await db.select().from(blogs).where(eq(blogs.tenantId, first.tenantId))).length,
      presentations: (await db.select().from(presentations).where(eq(presentations.tenantId, first.tenantId))).length,
      links: (await db.select().from(shareLinks).where(eq(shareLinks.tenantId, first.tenantId))).length,
    });
    const before = await counts();
    expect(before).toEqual({ tenants: 1, users: 1, projects: 1, blogs: 1, presentations: 1, links: 1 });
    const second = await seedDemo();
    expect(second).toEqual(first);
    expect(await counts()).toEqual(before);
  }, 240_000);
});
