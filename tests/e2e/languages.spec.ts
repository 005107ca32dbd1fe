// A French source becomes a French deck (issue 25): the blog page names the language detected from the uploaded
// DOCX, the wizard offers it as the deck's language, the AI deck (offline generator) speaks French phrases, every
// slide is narrated by eSpeak NG's French voice (the audio's voice as the API gives it), the captions are tagged
// French, and a French question typed in the player gets a French answer citing where it comes from.
import { expect, test } from "@playwright/test";
import { buildDocx } from "../fixtures/docx";
import { bearerToken, unique } from "./support/accounts";
import { createTenant, createUser } from "./support/admin";
import { shoot } from "./support/screenshots";
import { signInThroughApi } from "./support/sign-in";
import { PlayerPage } from "./pages/player-page";

const SCREENS = "test-results/screens-languages";

const ARTICLE = [
  { heading: 1 as const, text: "Des ruches sur le toit de la médiathèque" },
  { paragraph: "Depuis le printemps 2023, quatre ruches sont installées sur le toit plat de la médiathèque, au centre de la ville. Le projet est porté par une association de quartier qui compte soixante-dix membres." },
  { heading: 2 as const, text: "Le fonctionnement des ruches" },
  { paragraph: "Chaque ruche abrite entre trente mille et cinquante mille abeilles au cœur de l'été. Les apiculteurs bénévoles visitent les ruches tous les dix jours, d'avril à septembre. Pendant l'hiver, les colonies restent fermées et se nourrissent de leurs réserves." },
  { heading: 2 as const, text: "La récolte du miel" },
  { paragraph: "La récolte a lieu une fois par an, à la fin du mois de juillet. En 2024, les quatre ruches ont donné cent douze kilos de miel. Les pots sont vendus au prix de huit euros à l'accueil de la médiathèque." },
  { heading: 2 as const, text: "Participer au projet" },
  { paragraph: "Toute personne majeure peut devenir bénévole après une formation de trois samedis. La cotisation annuelle de l'association est de quinze euros. Les classes de primaire peuvent réserver un atelier gratuit sur les abeilles." },
];

interface Deck {
  status: string;
  webhook_status: string;
  error: string | null;
  language: string;
  slides: { slide_title: string; slide_content: string; audio_url: string | null; audio_voice?: string | null }[];
}

test("a French source makes a French deck, narrated in French, answering French questions in French", async ({ page, request }) => {
  test.setTimeout(240_000);
  const { id } = unique("langs");
  const tenantId = await createTenant(request, `Langues Org ${id}`, unique("langs-owner").email);
  const admin = await createUser(request, { email: unique("langs-admin").email, fullName: "Camille Martin", password: `Pass-${id}-admin!`, role: "tenant_admin", tenantId });
  const token = await bearerToken(request, admin.email, admin.password);
  const headers = { Authorization: `Bearer ${token}` };
  const project = await request.post("/api/v1/projects/", { headers, data: { name: `Quartier ${id}` } });
  expect(project.status(), await project.text()).toBe(201);
  const upload = await request.post("/api/v1/files/upload", {
    headers,
    multipart: {
      folder: "maintext",
      file: { name: "ruches.docx", mimeType: "application/vnd.openxmlformats-officedocument.wordprocessingml.document", buffer: Buffer.from(await buildDocx({ blocks: ARTICLE })) },
    },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const blog = await request.post("/api/v1/blogs/", {
    headers,
    data: {
      project_id: ((await project.json()) as { id: string }).id,
      blog_title: "Des ruches sur le toit",
      blog_author: "Camille Martin",
      blog_email: "camille@example.com",
      main_text: ((await upload.json()) as { s3_path: string }).s3_path,
      is_website: false,
    },
  });
  expect(blog.status(), await blog.text()).toBe(201);
  const { blog_id: blogId } = (await blog.json()) as { blog_id: string };
  await expect
    .poll(async () => ((await (await request.get(`/api/v1/blogs/${blogId}`, { headers })).json()) as { language: string | null }).language, { timeout: 60_000 })
    .toBe("fr");

  // The blog page names the language; the wizard offers it as the deck's.
  await signInThroughApi(page, admin);
  await page.goto(`/blogs/${blogId}`);
  await expect(page.getByTestId("blog-language").locator("dd")).toHaveText("French");
  await shoot(page, SCREENS, "blog-language", { fullPage: false });
  await page.goto(`/presentations/generate/${blogId}`);
  const choice = page.getByLabel("Deck language");
  await expect(choice).toHaveValue("fr");
  await expect(page.getByText("Detected from the blog's sources: French.")).toBeVisible();
  await shoot(page, SCREENS, "wizard-deck-language", { fullPage: false });

  // The AI deck, sent as the wizard sends it without a language: in the blog's.
  const created = await request.post("/api/v1/presentations/", { headers, data: { blog_id: blogId, template: "professional", generation_method: "ai_template" } });
  expect(created.status(), await created.text()).toBe(201);
  const { presentation_id: presentationId } = (await created.json()) as { presentation_id: string };
  let deck: Deck | null = null;
  await expect
    .poll(
      async () => {
        const response = await request.get(`/api/v1/presentations/${presentationId}`, { headers }).catch(() => null);
        if (!response) return "waiting";
        deck = (await response.json()) as Deck;
        if (deck.status === "failed" || deck.webhook_status === "timeout") return `${deck.status}/${deck.webhook_status}: ${deck.error}`;
        return deck.status === "completed" && deck.webhook_status === "completed" && deck.slides.every((slide) => slide.audio_url) ? "ready" : "waiting";
      },
      { timeout: 150_000, intervals: [1000, 2000] },
    )
    .toBe("ready");
  const made = deck as unknown as Deck;
  expect(made.language).toBe("fr");
  const opening = made.slides[0]!.slide_content;
  expect(opening).toMatch(/^Bienvenue\. Cette présentation s'appuie sur « [^»]+ »\./);
  expect(opening).toMatch(/Nous allons (?:voir|parcourir) (?:deux|trois|quatre|cinq) thèmes/);
  expect(made.slides.at(-1)!.slide_content).toMatch(/Merci de votre attention\.$/);
  expect(made.slides.map((slide) => slide.slide_content).join(" ")).not.toMatch(/\b(?:Welcome|Let's|Thank you)\b/);
  expect(made.slides.map((slide) => slide.audio_voice)).toEqual(made.slides.map(() => "fr"));
  const captions = await request.get(`/api/v1/presentations/${presentationId}/captions.vtt`, { headers });
  expect(captions.status()).toBe(200);
  expect(captions.headers()["content-language"]).toBe("fr");
  expect(await captions.text()).toMatch(/^WEBVTT\nLanguage: fr\n/);

  // A French question typed in the player: a French answer from the slide that says it, with where it comes from.
  await page.goto(`/presentations/${presentationId}/view`);
  const player = new PlayerPage(page);
  await player.askTyped("Combien de kilos de miel les ruches ont-elles donné en 2024 ?");
  const answer = player.messages("Answer").last();
  await expect(answer).toContainText("En 2024, les quatre ruches ont donné cent douze kilos de miel.", { timeout: 60_000 });
  await expect(answer.getByText("From:")).toBeVisible();
  await expect(answer.getByText(/^Slide \d+$/)).toBeVisible();
  await shoot(page, SCREENS, "player-french-answer", { fullPage: false });
});
