// The OpenAI(-compatible) paths against a loopback stand-in: the requests' shape and key, structured output parsed
// and checked, malformed replies retried then refused, 429 and 5xx retried with backoff, time limits, streamed
// answers, and failures that name the provider without ever carrying the key.
import { createServer } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { answerProviderFor, answerText, NOT_COVERED_REPLY } from "@/lib/ai/answers";
import { ProviderError } from "@/lib/ai/errors";
import { generationProviderFor, offlineGenerationProvider, type OutlineInput } from "@/lib/ai/generation";
import { openAISettings, type OpenAISettings } from "@/lib/ai/openai";
import { OUTLINE_ATTEMPTS, outlineMessages } from "@/lib/ai/openai-generator";
import { loadEnv } from "@/lib/env";
import { loadArticle } from "../fixtures/articles";
import { apiError, completion, completionStream, delayed, startOpenAIStandIn, type OpenAIStandIn } from "../support/openai-standin";

let standIn: OpenAIStandIn;
let settings: OpenAISettings;

beforeAll(async () => {
  standIn = await startOpenAIStandIn();
});

afterAll(async () => {
  await standIn.close();
});

afterEach(() => {
  expect(standIn.shapeErrors).toEqual([]);
  standIn.reset();
});

function settingsFor(overrides: Partial<OpenAISettings> = {}): OpenAISettings {
  return { apiKey: standIn.apiKey, baseURL: standIn.baseURL, model: "standin-model", timeoutMs: 5_000, answerTimeoutMs: 2_000, maxRetries: 2, ...overrides };
}

const article = loadArticle("city-heat-pumps");
const outlineInput: OutlineInput = {
  sources: [
    { name: "eastbridge.html", kind: "main_document", text: article.text, isMain: true },
    { name: "Notes", kind: "content_block", text: "Supporting note about district heating networks.", isMain: false },
  ],
  useMainSourceOnly: false,
  instructions: "Keep it suitable for a school assembly.",
  template: "professional",
  targetSlides: 5,
};

function script(topic: string): string {
  return Array.from({ length: 8 }, (_, index) => `Sentence ${index + 1} explains ${topic} in plain words.`).join(" ");
}

function validOutline(slides = 5) {
  return {
    slides: Array.from({ length: slides }, (_, index) => ({
      title: `Slide ${index + 1}`,
      bullets: ["First point", "Second point", "Third point"],
      script: script(`part ${index + 1}`),
      imagePrompt: index === 0 ? "A heat pump beside a school" : null,
    })),
  };
}

function expectNoKey(error: unknown): void {
  const key = standIn.apiKey;
  const shown = [String(error), error instanceof Error ? error.message : "", JSON.stringify(error), error instanceof ProviderError ? JSON.stringify(error.detail) : ""].join(" ");
  expect(shown).not.toContain(key);
  expect(shown).not.toContain(key.slice(-4));
}

async function failure(promise: Promise<unknown>): Promise<ProviderError> {
  const error = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).toBeInstanceOf(ProviderError);
  expectNoKey(error);
  return error as ProviderError;
}

describe("provider resolution", () => {
  it("uses the offline defaults without a key or base URL, and OpenAI when either is set", async () => {
    expect(openAISettings(loadEnv({}))).toBeNull();
    expect(await generationProviderFor("tenant", null)).toBe(offlineGenerationProvider);
    const withKey = openAISettings(loadEnv({ OPENAI_API_KEY: "sk-abc" }));
    expect(withKey).toMatchObject({ apiKey: "sk-abc", baseURL: undefined, model: "gpt-4o-mini", timeoutMs: 120_000, answerTimeoutMs: 20_000, maxRetries: 2 });
    expect((await generationProviderFor("tenant", withKey)).name).toBe("OpenAI");
    const ollama = openAISettings(loadEnv({ OPENAI_BASE_URL: "http://127.0.0.1:11434/v1", OPENAI_MODEL: "llama3.1" }));
    expect(ollama).toMatchObject({ apiKey: undefined, baseURL: "http://127.0.0.1:11434/v1", model: "llama3.1" });
    const provider = await answerProviderFor("tenant", ollama);
    expect(provider).toMatchObject({ id: "openai", name: "OpenAI-compatible server" });
  });
});

describe("slide generation through an OpenAI-compatible server", () => {
  it("sends the material with a strict JSON schema and the key, and returns the parsed outline", async () => {
    settings = settingsFor();
    standIn.enqueue("/chat/completions", completion(JSON.stringify(validOutline())));
    const outline = await (await generationProviderFor("tenant", settings)).generateOutline(outlineInput);
    expect(outline.slides).toHaveLength(5);
    expect(outline.slides[0]).toEqual({ title: "Slide 1", bullets: ["First point", "Second point", "Third point"], script: script("part 1"), imagePrompt: "A heat pump beside a school" });
    expect(outline.slides[1]!.imagePrompt).toBeUndefined();

    expect(standIn.requests).toHaveLength(1);
    const [request] = standIn.requests;
    expect(request!.method).toBe("POST");
    expect(request!.path).toBe("/chat/completions");
    expect(request!.headers.authorization).toBe(`Bearer ${standIn.apiKey}`);
    const body = request!.json as {
      model: string;
      stream?: boolean;
      messages: { role: string; content: string }[];
      response_format: { type: string; json_schema: { name: string; strict: boolean; schema: { properties: { slides: { items: { required: string[] } } } } } };
    };
    expect(body.model).toBe("standin-model");
    expect(body.stream).toBeUndefined();
    expect(body.response_format.type).toBe("json_schema");
    expect(body.response_format.json_schema.name).toBe("presentation_outline");
    expect(body.response_format.json_schema.strict).toBe(true);
    expect(body.response_format.json_schema.schema.properties.slides.items.required.sort()).toEqual(["bullets", "imagePrompt", "script", "title"]);
    expect(body.messages.map((message) => message.role)).toEqual(["system", "user"]);
    expect(body.messages[0]!.content).toContain("exactly 5 slides");
    expect(body.messages[0]!.content).toContain("60 to 150 words");
    const user = body.messages[1]!.content;
    expect(user).toContain("Template: professional");
    expect(user).toContain("Keep it suitable for a school assembly.");
    expect(user).toContain("MAIN SOURCE (eastbridge.html)");
    expect(user).toContain("A COP of three means that the heat pump delivers three kilowatt-hours");
    expect(user).toContain("SUPPORTING SOURCE (Notes)");
  });

  it("leaves supporting sources out when only the main source is wanted", async () => {
    settings = settingsFor();
    standIn.enqueue("/chat/completions", completion(JSON.stringify(validOutline())));
    await (await generationProviderFor("tenant", settings)).generateOutline({ ...outlineInput, useMainSourceOnly: true });
    const user = (standIn.requests[0]!.json as { messages: { content: string }[] }).messages[1]!.content;
    expect(user).not.toContain("SUPPORTING SOURCE");
  });

  it("asks again after a malformed reply, telling the model what was wrong", async () => {
    settings = settingsFor();
    const tooFewBullets = validOutline();
    tooFewBullets.slides[2]!.bullets = ["Only one"];
    standIn.enqueue("/chat/completions", completion("{ not json"), completion(JSON.stringify(tooFewBullets)), completion(JSON.stringify(validOutline())));
    const outline = await (await generationProviderFor("tenant", settings)).generateOutline(outlineInput);
    expect(outline.slides).toHaveLength(5);
    expect(standIn.requests).toHaveLength(3);
    const second = (standIn.requests[1]!.json as { messages: { role: string; content: string }[] }).messages;
    expect(second.at(-2)).toEqual({ role: "assistant", content: "{ not json" });
    expect(second.at(-1)!.content).toContain("the reply is not valid JSON");
    const third = (standIn.requests[2]!.json as { messages: { role: string; content: string }[] }).messages;
    expect(third.at(-1)!.content).toContain("slides[2].bullets: fewer than 3 bullets");
  });

  it("fails clearly after three malformed replies", async () => {
    settings = settingsFor();
    const shortScripts = validOutline();
    for (const slide of shortScripts.slides) slide.script = "Too short to narrate.";
    standIn.enqueue("/chat/completions", ...Array.from({ length: OUTLINE_ATTEMPTS }, () => completion(JSON.stringify(shortScripts))));
    const error = await failure((await generationProviderFor("tenant", settings)).generateOutline(outlineInput));
    expect(error.kind).toBe("malformed");
    expect(error.provider).toBe("OpenAI-compatible server");
    expect(error.status).toBe(502);
    expect(error.message).toMatch(/^OpenAI-compatible server returned an unusable outline 3 times \(slides\[0\]\.script: script has fewer than 60 words/);
    expect(standIn.requests).toHaveLength(OUTLINE_ATTEMPTS);
  });

  it("trims bullets past six and scripts past 150 words at a sentence, rather than asking again", async () => {
    settings = settingsFor();
    const generous = validOutline();
    generous.slides[0]!.bullets = ["One", "Two", "Three", "Four", "Five", "Six", "Seven"];
    generous.slides[0]!.script = `${script("part 1")} ${script("more")} ${script("even more")}`;
    standIn.enqueue("/chat/completions", completion(JSON.stringify(generous)));
    const outline = await (await generationProviderFor("tenant", settings)).generateOutline(outlineInput);
    expect(outline.slides[0]!.bullets).toHaveLength(6);
    expect(outline.slides[0]!.script.split(" ").length).toBeLessThanOrEqual(150);
    expect(outline.slides[0]!.script).toMatch(/\.$/);
    expect(standIn.requests).toHaveLength(1);
  });

  it("waits and retries after a 429 and a 500", async () => {
    settings = settingsFor();
    standIn.enqueue(
      "/chat/completions",
      apiError(429, "Rate limit reached for requests", { type: "requests", code: "rate_limit_exceeded", headers: { "retry-after": "0" } }),
      apiError(500, "The server had an error while processing your request.", { type: "server_error" }),
      completion(JSON.stringify(validOutline())),
    );
    const outline = await (await generationProviderFor("tenant", settings)).generateOutline(outlineInput);
    expect(outline.slides).toHaveLength(5);
    expect(standIn.requests).toHaveLength(3);
  });

  it("stops retrying after the bounded number of attempts and names the quota problem", async () => {
    settings = settingsFor({ maxRetries: 1 });
    const exhausted = apiError(429, "You exceeded your current quota, please check your plan and billing details.", { type: "insufficient_quota", code: "insufficient_quota", headers: { "retry-after-ms": "10" } });
    standIn.enqueue("/chat/completions", exhausted, exhausted, completion(JSON.stringify(validOutline())));
    const error = await failure((await generationProviderFor("tenant", settings)).generateOutline(outlineInput));
    expect(error.kind).toBe("quota");
    expect(error.message).toBe("OpenAI-compatible server: the account's quota is used up (429).");
    expect(standIn.requests).toHaveLength(2);
  });

  it("does not sit out a Retry-After of an hour: it fails at once", async () => {
    settings = settingsFor();
    standIn.enqueue("/chat/completions", apiError(429, "Rate limit reached", { headers: { "retry-after": "3600" } }));
    const started = Date.now();
    const error = await failure((await generationProviderFor("tenant", settings)).generateOutline(outlineInput));
    expect(error.kind).toBe("quota");
    expect(error.message).toBe("OpenAI-compatible server is rate limiting requests (429). Please try again in a moment.");
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(standIn.requests).toHaveLength(1);
  });

  it("gives up on a slow server after its time limit on every attempt", async () => {
    settings = settingsFor({ timeoutMs: 300, maxRetries: 1 });
    standIn.enqueue("/chat/completions", delayed(3_000, completion(JSON.stringify(validOutline()))), { kind: "hang" });
    const started = Date.now();
    const error = await failure((await generationProviderFor("tenant", settings)).generateOutline(outlineInput));
    expect(error.kind).toBe("timeout");
    expect(error.status).toBe(504);
    expect(error.message).toBe("OpenAI-compatible server did not answer within 0.3 s.");
    expect(Date.now() - started).toBeLessThan(2_500);
    expect(standIn.requests).toHaveLength(2);
  });

  it("reports a rejected key without repeating any of it", async () => {
    settings = settingsFor({ apiKey: "sk-wrong-key-0123456789abcdef" });
    const error = await failure((await generationProviderFor("tenant", settings)).generateOutline(outlineInput));
    expect(error.kind).toBe("auth");
    expect(error.message).toBe("OpenAI-compatible server rejected the API key (401).");
    expect(JSON.stringify(error)).not.toContain("cdef");
    expect(String(error)).not.toContain("sk-wrong");
    // The key is not retried: a wrong key stays wrong.
    expect(standIn.requests).toHaveLength(1);
  });

  it("reports a server that refuses connections", async () => {
    const closed = await new Promise<number>((resolve) => {
      const probe = createServer();
      probe.listen(0, "127.0.0.1", () => {
        const { port } = probe.address() as { port: number };
        probe.close(() => resolve(port));
      });
    });
    settings = settingsFor({ baseURL: `http://127.0.0.1:${closed}/v1`, maxRetries: 1 });
    const error = await failure((await generationProviderFor("tenant", settings)).generateOutline(outlineInput));
    expect(error.kind).toBe("refused");
    expect(error.message).toBe("Could not reach OpenAI-compatible server (connection refused).");
  });
});

describe("answers through an OpenAI-compatible server", () => {
  const slides = [
    { number: 1, title: "Why Eastbridge Is Betting on Heat Pumps", script: "Welcome. Eastbridge is replacing the gas boilers in its public buildings with heat pumps." },
    { number: 2, title: "The Efficiency Question", script: "A COP of three means that the heat pump delivers three kilowatt-hours of heat for every kilowatt-hour of electricity it uses." },
    { number: 3, title: "What It Costs", script: "The average cost for a medium-sized public building is around 85,000 euros." },
  ];
  const sources = [{ name: "eastbridge.html", text: article.text }];

  it("retrieves passages, asks for a grounded answer and streams it", async () => {
    settings = settingsFor();
    standIn.enqueue("/chat/completions", completionStream(["A COP of three ", "means three units of heat ", "for each unit of electricity."], { gapMs: 20 }));
    const provider = await answerProviderFor("tenant", settings);
    const answer = await provider.answer({ question: "What does a COP of three mean?", currentSlide: 2, slides, sources });
    expect(answer.covered).toBe(true);
    const pieces: string[] = [];
    for await (const piece of answer.stream) pieces.push(piece);
    expect(pieces.join("")).toBe("A COP of three means three units of heat for each unit of electricity.");
    expect(pieces.length).toBeGreaterThan(1);
    expect(answer.passages[0]).toEqual({ source: "Slide 2", text: slides[1]!.script });
    expect(answer.passages.some((passage) => passage.source === "eastbridge.html")).toBe(true);

    const body = standIn.requests[0]!.json as { stream: boolean; model: string; messages: { role: string; content: string }[] };
    expect(body.stream).toBe(true);
    expect(body.model).toBe("standin-model");
    expect(body.messages[0]!.content).toContain("reply with exactly NOT_COVERED");
    const user = body.messages[1]!.content;
    expect(user).toContain("The viewer is on slide 2: “The Efficiency Question”.");
    expect(user).toContain("[1] (Slide 2) A COP of three means");
    expect(user).toContain("(eastbridge.html)");
    expect(user).toMatch(/Question: What does a COP of three mean\?$/);
  });

  it("turns the model's NOT_COVERED into the not-covered reply, with no passages", async () => {
    settings = settingsFor();
    standIn.enqueue("/chat/completions", completionStream(["NOT_", "COVERED"]));
    const answer = await (await answerProviderFor("tenant", settings)).answer({ question: "How many heat pumps does Oslo have?", currentSlide: 1, slides, sources });
    expect(answer.covered).toBe(false);
    expect(answer.passages).toEqual([]);
    expect(await answerText(answer)).toBe(NOT_COVERED_REPLY);
  });

  it("retries an answer that failed before anything was streamed", async () => {
    settings = settingsFor();
    standIn.enqueue("/chat/completions", apiError(503, "Overloaded", { type: "server_error" }), { kind: "drop" }, completionStream(["It costs around 85,000 euros."]));
    const answer = await (await answerProviderFor("tenant", settings)).answer({ question: "What does a heat pump cost?", currentSlide: 3, slides, sources });
    expect(await answerText(answer)).toBe("It costs around 85,000 euros.");
    expect(standIn.requests).toHaveLength(3);
  });

  it("fails clearly when the answer does not start in time", async () => {
    settings = settingsFor({ answerTimeoutMs: 300, maxRetries: 0 });
    standIn.enqueue("/chat/completions", { kind: "hang" });
    const started = Date.now();
    const error = await failure((await answerProviderFor("tenant", settings)).answer({ question: "What does a COP of three mean?", currentSlide: 2, slides, sources }));
    expect(error.kind).toBe("timeout");
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it("fails clearly when the stream stalls halfway", async () => {
    settings = settingsFor({ answerTimeoutMs: 300 });
    standIn.enqueue("/chat/completions", completionStream(["A COP of three ", "means three units ", "of heat."], { stallAfter: 3 }));
    const answer = await (await answerProviderFor("tenant", settings)).answer({ question: "What does a COP of three mean?", currentSlide: 2, slides, sources });
    const received: string[] = [];
    const started = Date.now();
    const error = await failure(
      (async () => {
        for await (const piece of answer.stream) received.push(piece);
      })(),
    );
    expect(error.kind).toBe("timeout");
    expect(error.message).toBe("OpenAI-compatible server did not answer within 0.3 s.");
    expect(received.join("")).toBe("A COP of three means three units ");
    expect(Date.now() - started).toBeLessThan(2_000);
  });
});

describe("the OpenAI prompt over large material", () => {
  it("sends at most 60,000 characters of source text whatever the material holds, and sizes the deck from all of it", async () => {
    const paragraph = "Heat pumps move warm air from outside into the house, even on cold winter days in the city. ";
    const huge = (count: number) => Array.from({ length: count }, (_, index) => `${paragraph}Part ${index}.`).join("\n\n");
    const messages = outlineMessages({
      sources: [
        { name: "main.docx", kind: "main_document", text: huge(20_000), isMain: true },
        { name: "notes.docx", kind: "file", text: huge(20_000), isMain: false },
      ],
      useMainSourceOnly: false,
      template: "professional",
    });
    const sent = messages.map((message) => (typeof message.content === "string" ? message.content : "")).join("");
    expect(sent.length).toBeLessThan(70_000);
    expect(sent).toContain("about 20 slides");
  });
});
