// The page a shared link that does not work answers with (lib/http/share-page.ts): the player's "Presentation
// Unavailable" card in the app's typeface, with Try Again only where trying again can help.
import { existsSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SHARED_LOAD_MESSAGES } from "@/lib/player/messages";
import { NOTICE_FONT_URL, unavailablePage } from "@/lib/http/share-page";

describe("the unavailable share page", () => {
  it("offers Try Again (a reload, no script) when the deck is not ready or the read failed, not when the link is gone", () => {
    for (const message of [SHARED_LOAD_MESSAGES.notReady, SHARED_LOAD_MESSAGES.other]) {
      const html = unavailablePage(message);
      expect(html).toContain(message);
      expect(html).toContain('<a href="">Try Again</a>');
      expect(html).not.toContain("<script");
    }
    const gone = unavailablePage(SHARED_LOAD_MESSAGES.gone);
    expect(gone).toContain(SHARED_LOAD_MESSAGES.gone);
    expect(gone).not.toContain("Try Again");
  });

  it("uses the app's typeface, from a file the app serves", () => {
    const html = unavailablePage(SHARED_LOAD_MESSAGES.gone);
    expect(html).toContain(`src:url(${NOTICE_FONT_URL})`);
    expect(html).toMatch(/font-family:"Inter Variable",/);
    expect(existsSync(join(process.cwd(), "public", NOTICE_FONT_URL))).toBe(true);
  });
});
