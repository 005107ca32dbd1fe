// The hourly sweep of abandoned uploads: files uploaded for a blog or a presentation that nothing refers to a day
// later (a closed tab, an import never saved) are deleted with their stored objects; files in use, and recent
// uploads, stay.
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import * as presentationsRoute from "@/app/api/v1/presentations/route";
import { getDb } from "@/db/client";
import { files } from "@/db/schema";
import { ABANDONED_AFTER_MS, removeAbandonedUploads } from "@/lib/services/presentation-files";
import { storage } from "@/lib/storage";
import { call } from "../support/api";
import type { Organisation } from "../support/accounts";
import { organisation } from "../support/admin";
import { newBlog, newProject, storedFile, type StoredFile } from "../support/projects-blogs";

let alpha: Organisation;

beforeAll(async () => {
  alpha = await organisation("SweepAlpha");
});

const PNG = "image/png";

async function exists(file: StoredFile): Promise<{ row: boolean; object: boolean }> {
  const db = await getDb();
  const rows = await db.select({ id: files.id }).from(files).where(eq(files.id, file.id));
  return { row: rows.length === 1, object: (await storage().get(file.key)) !== null };
}

describe("removeAbandonedUploads", () => {
  it("deletes day-old uploads nothing uses, with their objects, and keeps files in use and recent ones", async () => {
    const token = alpha.admin.access_token;
    const project = await newProject(token, "Sweep project");
    const [usedDocument, abandonedDocument, abandonedDeck, usedImage, abandonedImage, leftAudio] = [
      await storedFile(alpha.tenantId),
      await storedFile(alpha.tenantId, { folder: "sourcefile" }),
      await storedFile(alpha.tenantId, { folder: "pptx", contentType: "application/vnd.openxmlformats-officedocument.presentationml.presentation" }),
      await storedFile(alpha.tenantId, { folder: "images", contentType: PNG }),
      await storedFile(alpha.tenantId, { folder: "images", contentType: PNG }),
      // A slide's audio left behind by a blog deleted while its deck was being spoken.
      await storedFile(alpha.tenantId, { folder: "audio", contentType: "audio/mpeg" }),
    ];
    const blog = await newBlog(token, project.id, { main_text: usedDocument.key, is_website: false });
    const created = await call(presentationsRoute.POST, "POST", {
      token,
      body: { blog_id: blog.id, template: "manual", slides: [{ slide_title: "With a picture", image_path: usedImage.key }] },
    });
    expect(created.status, await created.clone().text()).toBe(201);

    // Not yet a day old: nothing goes.
    expect(await removeAbandonedUploads(new Date())).toEqual([]);

    const dayLater = new Date(Date.now() + ABANDONED_AFTER_MS + 60_000);
    const removed = await removeAbandonedUploads(dayLater, ABANDONED_AFTER_MS, 2);
    expect(removed.sort()).toEqual([abandonedDocument.key, abandonedDeck.key, abandonedImage.key, leftAudio.key].sort());
    for (const file of [abandonedDocument, abandonedDeck, abandonedImage, leftAudio]) expect(await exists(file)).toEqual({ row: false, object: false });
    for (const file of [usedDocument, usedImage]) expect(await exists(file)).toEqual({ row: true, object: true });

    expect(await removeAbandonedUploads(dayLater)).toEqual([]);
  });
});
