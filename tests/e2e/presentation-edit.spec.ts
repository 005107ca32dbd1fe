// The presentation edit page (/presentations/{id}/edit, issue 11 point 6): a tenant admin's manual presentation of
// three slides, made through the API; the thumbnails become images, a slide's large preview, the editor (edit a
// title and a script, add, move and remove slides, upload a picture, refuse a file that is no image), Save Changes
// back to the blog, the saved changes and redrawn thumbnails on reopening, Cancel discarding edits, a stale save
// refused with the server's message and nothing written, read-only and denied users, and screenshots.
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { pngBytes } from "../fixtures/images";
import { PresentationEditPage } from "./pages/presentation-edit-page";
import { expectToast } from "./pages/toasts";
import { bearerToken, unique } from "./support/accounts";
import { createTenant, createUser, type CreatedUser } from "./support/admin";
import { shoot } from "./support/screenshots";
import { signInThroughScreen } from "./support/sign-in";

const WIDE = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };
const SCREENS = "test-results/screens-h1";
const STALE_MESSAGE = "This presentation was changed since you loaded it. Reload it to see the changes, then edit again.";

interface SlideApi {
  id: string;
  slide_number: number;
  slide_title: string;
  body: string;
  slide_content: string;
  image_path: string | null;
  thumbnail_url: string | null;
  image_status: "ready" | "pending";
}

interface PresentationApi {
  id: string;
  version: number;
  edit_count: number;
  slides: SlideApi[];
}

interface Fixture {
  admin: CreatedUser;
  token: string;
  tenantId: string;
  blogId: string;
  blogTitle: string;
}

let fixture: Promise<Fixture> | undefined;

/** A tenant with its admin, a project and a blog, made once through the API. */
function setUp(request: APIRequestContext): Promise<Fixture> {
  fixture ??= (async () => {
    const { id } = unique("edit");
    const tenantId = await createTenant(request, `Edit Org ${id}`, unique("edit-owner").email);
    const admin = await createUser(request, { email: unique("edit-admin").email, fullName: "Eda Editor", password: `Pass-${id}-admin!`, role: "tenant_admin", tenantId });
    const token = await bearerToken(request, admin.email, admin.password);
    const headers = { Authorization: `Bearer ${token}` };
    const project = await request.post("/api/v1/projects/", { headers, data: { name: `Farm Talks ${id}`, description: "Talks for the farm co-operative." } });
    expect(project.status(), await project.text()).toBe(201);
    const { id: projectId } = (await project.json()) as { id: string };
    const blogTitle = `Spring on the Farm ${id}`;
    const blog = await request.post("/api/v1/blogs/", {
      headers,
      data: {
        project_id: projectId,
        blog_title: blogTitle,
        blog_author: "Fern Farmer",
        blog_email: "fern.farmer@example.com",
        // A host under .invalid never resolves; a manual presentation needs no extracted text.
        main_text: "https://farm.invalid/spring",
        is_website: true,
        website_links: [],
        content_blocks: [],
        uploaded_files: [],
      },
    });
    expect(blog.status(), await blog.text()).toBe(201);
    const { blog_id: blogId } = (await blog.json()) as { blog_id: string };
    return { admin, token, tenantId, blogId, blogTitle };
  })();
  return fixture;
}

/** A new manual presentation of three slides for the fixture's blog. */
async function manualPresentation(request: APIRequestContext, data: Fixture): Promise<string> {
  const response = await request.post("/api/v1/presentations/", {
    headers: { Authorization: `Bearer ${data.token}` },
    data: {
      blog_id: data.blogId,
      template: "manual",
      slides: [
        { slide_number: 1, slide_title: "Welcome", body: "Who we are\nWhat we grow", slide_content: "Welcome to our spring update from the farm." },
        { slide_number: 2, slide_title: "Soil Health", body: "Compost\nCover crops", slide_content: "Healthy soil is where every harvest starts." },
        { slide_number: 3, slide_title: "Harvest Plan", body: "Early greens\nSummer fruit", slide_content: "Here is what we plan to harvest this year." },
      ],
    },
  });
  expect(response.status(), await response.text()).toBe(201);
  return ((await response.json()) as { presentation_id: string }).presentation_id;
}

async function readPresentation(request: APIRequestContext, token: string, id: string): Promise<PresentationApi> {
  const response = await request.get(`/api/v1/presentations/${id}`, { headers: { Authorization: `Bearer ${token}` } });
  expect(response.status(), await response.text()).toBe(200);
  return (await response.json()) as PresentationApi;
}

async function expectNoSideScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}

test.describe("presentation edit page", () => {
  test("previews, edits, reorders, adds and removes slides, uploads a picture and saves back to the blog", async ({ page, request }) => {
    test.setTimeout(180_000);
    const data = await setUp(request);
    const presentationId = await manualPresentation(request, data);
    await page.setViewportSize(WIDE);
    await signInThroughScreen(page, data.admin);

    const edit = new PresentationEditPage(page);
    await edit.goto(presentationId);
    await expect(page.getByRole("heading", { level: 1, name: "Edit Presentation" })).toBeVisible();
    await expect(page).toHaveTitle(new RegExp(data.blogTitle));
    await expect(edit.fact("Blog")).toHaveText(data.blogTitle);
    await expect(edit.fact("Method")).toHaveText("Manual");
    await expect(edit.fact("Slides")).toHaveText("3");
    await expect(edit.fact("Edit count")).toHaveText("0");
    await expect(edit.fact("Last edited")).toHaveText("Never");
    await expect(edit.info.getByText("Ready", { exact: true })).toBeVisible();
    await expect(page.getByRole("link", { name: "Back to Blog" })).toHaveAttribute("href", `/blogs/${data.blogId}`);

    // The render job draws the slides in the background; the grid polls until every thumbnail is an image.
    await expect(edit.cardTitles()).toHaveText(["Welcome", "Soil Health", "Harvest Plan"]);
    await edit.expectImagesReady(3);
    const firstThumbnail = await edit.thumbnailImages().first().getAttribute("src");
    await shoot(page, SCREENS, "edit-thumbnails-wide");

    // The large preview: the web image and the slide's content; next/previous; Edit Slide opens the editor there.
    await page.getByRole("button", { name: "Preview slide 2: Soil Health" }).click();
    const preview = edit.previewDialog();
    await expect(preview.getByRole("heading", { name: "Slide 2: Soil Health" })).toBeVisible();
    await expect(preview.getByRole("img", { name: "Slide 2: Soil Health" })).toBeVisible();
    await expect(preview.getByRole("listitem")).toHaveText(["Compost", "Cover crops"]);
    await expect(preview.getByText("Healthy soil is where every harvest starts.")).toBeVisible();
    await shoot(page, SCREENS, "edit-preview", { fullPage: false });
    await preview.getByRole("button", { name: "Next slide" }).click();
    await expect(preview.getByRole("heading", { name: "Slide 3: Harvest Plan" })).toBeVisible();
    await preview.getByRole("button", { name: "Edit Slide" }).click();
    await expect(preview).toBeHidden();
    await edit.expectEditingSlide(3, 3);
    await expect(edit.title).toHaveValue("Harvest Plan");

    // Cancel with edits asks first and discards them.
    await edit.title.fill("Harvest Plan (draft)");
    await edit.cancelButton.click();
    await page.getByRole("alertdialog").getByRole("button", { name: "Discard Changes" }).click();
    await expect(edit.cardTitles()).toHaveText(["Welcome", "Soil Health", "Harvest Plan"]);

    // The card's edit button opens the editor at that slide.
    await page.getByRole("button", { name: "Edit slide 1" }).click();
    await edit.expectEditingSlide(1, 3);
    await expect(edit.title).toHaveValue("Welcome");
    await edit.title.fill("Welcome to the Farm");
    await edit.script.fill("Welcome, friends, to the spring update from our farm by the river.");

    // Add a slide after the first: it is selected and filled in.
    await page.getByRole("button", { name: "Add Slide" }).click();
    await edit.expectEditingSlide(2, 4);
    await edit.title.fill("Water Budget");
    await edit.body.fill("Rain barrels\nDrip lines");
    await edit.script.fill("We will save water with barrels and drip lines.");
    expect(await edit.listTitles()).toEqual(["Welcome to the Farm", "Water Budget", "Soil Health", "Harvest Plan"]);

    // Remove 'Soil Health'.
    await edit.listEntry(3).click();
    await expect(edit.title).toHaveValue("Soil Health");
    await page.getByRole("button", { name: "Remove slide" }).click();
    expect(await edit.listTitles()).toEqual(["Welcome to the Farm", "Water Budget", "Harvest Plan"]);

    // Move 'Harvest Plan' up by a button, then back down and up again with the keyboard.
    await edit.listEntry(3).click();
    await page.getByRole("button", { name: "Move slide up" }).click();
    expect(await edit.listTitles()).toEqual(["Welcome to the Farm", "Harvest Plan", "Water Budget"]);
    await edit.listEntry(2).focus();
    await page.keyboard.press("Alt+ArrowDown");
    expect(await edit.listTitles()).toEqual(["Welcome to the Farm", "Water Budget", "Harvest Plan"]);
    await expect(edit.listEntry(3)).toBeFocused();
    await page.keyboard.press("Alt+ArrowUp");
    expect(await edit.listTitles()).toEqual(["Welcome to the Farm", "Harvest Plan", "Water Budget"]);
    // And by dragging: 'Water Budget' dropped on the second place, then back down with the button.
    await edit.listEntry(3).dragTo(edit.listEntry(2));
    expect(await edit.listTitles()).toEqual(["Welcome to the Farm", "Water Budget", "Harvest Plan"]);
    await edit.expectEditingSlide(2, 3);
    await expect(edit.title).toHaveValue("Water Budget");
    await page.getByRole("button", { name: "Move slide down" }).click();
    expect(await edit.listTitles()).toEqual(["Welcome to the Farm", "Harvest Plan", "Water Budget"]);
    await edit.listEntry(2).click();
    await edit.expectEditingSlide(2, 3);

    // A file that is no image is refused before upload; a PNG is uploaded and shown.
    await edit.imageInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("not a picture") });
    await expectToast(page, "Invalid Image", "Only JPG, GIF, and PNG images are allowed");
    await expect(page.getByRole("img", { name: "Image of slide 2" })).toHaveCount(0);
    await edit.imageInput.setInputFiles({ name: "field.png", mimeType: "image/png", buffer: Buffer.from(pngBytes()) });
    await expect(page.getByRole("img", { name: "Image of slide 2" })).toBeVisible();
    await expect(page.getByRole("button", { name: "Remove Image" })).toBeVisible();
    await shoot(page, SCREENS, "edit-editor-wide");

    // Back to Thumbnails keeps the draft; Continue Editing returns to it.
    await edit.backToThumbnails.click();
    await expect(page.getByText("You have unsaved changes in the editor.")).toBeVisible();
    await page.getByRole("button", { name: "Continue Editing" }).first().click();
    expect(await edit.listTitles()).toEqual(["Welcome to the Farm", "Harvest Plan", "Water Budget"]);

    // With unsaved edits a link inside the app asks first; declining stays on the page.
    page.once("dialog", (dialog) => {
      expect(dialog.message()).toBe("You have unsaved changes. Leave this page and discard them?");
      void dialog.dismiss();
    });
    await page.getByRole("link", { name: "Back to Blog" }).click();
    await expect(page).toHaveURL(new RegExp(`/presentations/${presentationId}/edit$`));
    await expect(edit.saveButton).toBeVisible();

    // Save Changes: back on the blog page.
    await edit.saveButton.click();
    await expect(page).toHaveURL(new RegExp(`/blogs/${data.blogId}$`));
    await expect(page.getByRole("heading", { level: 1, name: data.blogTitle })).toBeVisible();

    const stored = await readPresentation(request, data.token, presentationId);
    expect(stored.version).toBe(1);
    expect(stored.slides.map((slide) => slide.slide_title)).toEqual(["Welcome to the Farm", "Harvest Plan", "Water Budget"]);
    expect(stored.slides[0]?.slide_content).toBe("Welcome, friends, to the spring update from our farm by the river.");
    expect(stored.slides[1]?.image_path).toMatch(/images\//);
    expect(stored.slides[2]).toMatchObject({ body: "Rain barrels\nDrip lines", slide_content: "We will save water with barrels and drip lines.", image_path: null });

    // Reopened: the changes, and thumbnails redrawn (a new title is a new image).
    await edit.goto(presentationId);
    await expect(edit.fact("Edit count")).toHaveText("1");
    await expect(edit.fact("Last edited")).not.toHaveText("Never");
    await expect(edit.cardTitles()).toHaveText(["Welcome to the Farm", "Harvest Plan", "Water Budget"]);
    await edit.expectImagesReady(3);
    expect(await edit.thumbnailImages().first().getAttribute("src")).not.toBe(firstThumbnail);
    await shoot(page, SCREENS, "edit-thumbnails-after-save");

    // Phone width: the grid and the editor fit.
    await page.setViewportSize(PHONE);
    await page.reload();
    await edit.expectImagesReady(3);
    await expectNoSideScroll(page);
    await shoot(page, SCREENS, "edit-thumbnails-phone");
    await page.getByRole("button", { name: "Edit slide 2" }).click();
    await edit.expectEditingSlide(2, 3);
    await expectNoSideScroll(page);
    await shoot(page, SCREENS, "edit-editor-phone");
  });

  test("a stale save shows the server's message, writes nothing and offers a reload", async ({ page, request }) => {
    const data = await setUp(request);
    const presentationId = await manualPresentation(request, data);
    await page.setViewportSize(WIDE);
    await signInThroughScreen(page, data.admin);
    const edit = new PresentationEditPage(page);
    await edit.goto(presentationId);
    await page.getByRole("button", { name: "Edit slide 1" }).click();
    await edit.title.fill("Edited in the browser");

    // Someone else saves first.
    const loaded = await readPresentation(request, data.token, presentationId);
    const other = await request.put(`/api/v1/presentations/${presentationId}/update-slides`, {
      headers: { Authorization: `Bearer ${data.token}` },
      data: {
        version: loaded.version,
        slides: loaded.slides.map((slide) => ({
          id: slide.id,
          slide_number: slide.slide_number,
          slide_title: slide.slide_number === 1 ? "Edited through the API" : slide.slide_title,
          body: slide.body,
          slide_content: slide.slide_content,
          image_path: slide.image_path,
        })),
      },
    });
    expect(other.status(), await other.text()).toBe(200);

    await edit.saveButton.click();
    await expect(page.getByRole("main").getByRole("alert").filter({ hasText: STALE_MESSAGE })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/presentations/${presentationId}/edit$`));
    await expect(edit.title).toHaveValue("Edited in the browser");
    const after = await readPresentation(request, data.token, presentationId);
    expect(after.version).toBe(1);
    expect(after.slides[0]?.slide_title).toBe("Edited through the API");
    await shoot(page, SCREENS, "edit-conflict", { fullPage: false });

    await page.getByRole("button", { name: "Reload Presentation" }).click();
    await expect(edit.cardTitles().first()).toHaveText("Edited through the API");
    await expect(edit.fact("Edit count")).toHaveText("1");
  });

  test("shows thumbnails read-only without generate, denies without view, and hides other tenants' presentations", async ({ page, request }) => {
    const data = await setUp(request);
    const presentationId = await manualPresentation(request, data);
    const revoke = async (userId: string, permission: string) => {
      const response = await request.post(`/api/v1/users/${userId}/permissions/revoke`, {
        headers: { Authorization: `Bearer ${data.token}` },
        data: { permission_name: permission },
      });
      expect(response.status(), await response.text()).toBeLessThan(300);
    };

    // Presentation view without generate: the thumbnails and the preview, no way to edit.
    const { id } = unique("edit-viewer");
    const viewer = await createUser(request, { email: unique("edit-viewer").email, fullName: "Vic Viewer", password: `Pass-${id}-viewer!`, role: "user", tenantId: data.tenantId });
    await revoke(viewer.id, "presentation.generate");
    await signInThroughScreen(page, viewer);
    const edit = new PresentationEditPage(page);
    await edit.goto(presentationId);
    await expect(page.getByRole("heading", { level: 1, name: "Presentation Slides" })).toBeVisible();
    await expect(edit.cardTitles()).toHaveText(["Welcome", "Soil Health", "Harvest Plan"]);
    await expect(page.getByRole("button", { name: /^Edit slide/ })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Edit Slides" })).toHaveCount(0);
    await page.getByRole("button", { name: "Preview slide 1: Welcome" }).click();
    await expect(edit.previewDialog().getByText("Welcome to our spring update from the farm.")).toBeVisible();
    await expect(edit.previewDialog().getByRole("button", { name: "Edit Slide" })).toHaveCount(0);
    await page.keyboard.press("Escape");
    await page.context().clearCookies();

    // Without presentation view: the permission card.
    const { id: otherId } = unique("edit-outsider");
    const outsider = await createUser(request, { email: unique("edit-outsider").email, fullName: "Otto Outsider", password: `Pass-${otherId}-out!`, role: "user", tenantId: data.tenantId });
    await revoke(outsider.id, "presentation.view");
    await signInThroughScreen(page, outsider);
    await edit.goto(presentationId);
    await expect(page.getByText("You do not have permission to access this presentation.")).toBeVisible();
    await expect(page.getByRole("link", { name: "Go Back" })).toHaveAttribute("href", "/projects");
    await expect(page.getByText("Welcome", { exact: true })).toHaveCount(0);
    await page.context().clearCookies();

    // Another tenant's admin, and addresses that are no presentation: not found.
    const { id: strangerId } = unique("edit-stranger");
    const otherTenant = await createTenant(request, `Other Edit Org ${strangerId}`, unique("edit-other-owner").email);
    const stranger = await createUser(request, { email: unique("edit-stranger").email, fullName: "Sam Stranger", password: `Pass-${strangerId}-x!`, role: "tenant_admin", tenantId: otherTenant });
    await signInThroughScreen(page, stranger);
    for (const target of [presentationId, "00000000-0000-4000-8000-000000000000", "not-a-presentation"]) {
      await edit.goto(target);
      await expect(page.getByRole("heading", { name: "Presentation not found" })).toBeVisible();
      await expect(page.getByRole("link", { name: "Back", exact: true })).toHaveAttribute("href", "/projects");
    }
  });
});
