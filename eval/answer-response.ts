// Reads an answer from the response of POST /qa/stream-response and notes when its text was first known. The one
// place that knows the response's shape: the text in a Base64 Response-Text header (audio in the body), a JSON body,
// or a stream of events (Server-Sent Events or one JSON object a line) carrying the text in pieces. A new shape of the
// answer response is taught here, once.

export interface ReadAnswer {
  text: string;
  /** Milliseconds from the request to the first piece of the answer's text. */
  firstTextMs: number;
  /** Milliseconds from the request to the end of the response (its audio included). */
  totalMs: number;
}

interface TextEvent {
  /** The whole text so far. */
  text?: string;
  /** A piece to append. */
  delta?: string;
}

function textEventOf(value: unknown): TextEvent | null {
  if (typeof value !== "object" || value === null) return null;
  const record = value as Record<string, unknown>;
  const text = [record.text, record.answer, record.response_text].find((field) => typeof field === "string") as string | undefined;
  const delta = typeof record.delta === "string" ? record.delta : undefined;
  return text !== undefined || delta !== undefined ? { text, delta } : null;
}

/** JSON objects in a chunk of SSE ("data: {...}") or NDJSON text; other lines are skipped. */
function eventsIn(lines: string[]): TextEvent[] {
  const events: TextEvent[] = [];
  for (const raw of lines) {
    const line = raw.startsWith("data:") ? raw.slice(5).trim() : raw.trim();
    if (!line.startsWith("{")) continue;
    try {
      const event = textEventOf(JSON.parse(line));
      if (event) events.push(event);
    } catch {
      // A line that is not JSON carries no text.
    }
  }
  return events;
}

export async function readAnswer(response: Response, startedAt: number): Promise<ReadAnswer> {
  const now = () => performance.now() - startedAt;
  if (response.status !== 200) throw new Error(`stream-response answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  const header = response.headers.get("response-text");
  if (header !== null) {
    const firstTextMs = now();
    await response.arrayBuffer();
    return { text: Buffer.from(header, "base64").toString("utf8"), firstTextMs, totalMs: now() };
  }
  const type = response.headers.get("content-type") ?? "";
  if (type.includes("application/json")) {
    const event = textEventOf(await response.json());
    const at = now();
    return { text: event?.text ?? event?.delta ?? "", firstTextMs: at, totalMs: at };
  }
  if (!response.body) throw new Error(`stream-response sent no answer text (content-type ${type || "none"})`);
  const decoder = new TextDecoder();
  let buffered = "";
  let full: string | undefined;
  let pieces = "";
  let firstTextMs: number | null = null;
  const take = (events: TextEvent[]) => {
    for (const event of events) {
      if (event.text !== undefined) full = event.text;
      if (event.delta !== undefined) pieces += event.delta;
      if (firstTextMs === null && ((event.text ?? "") !== "" || (event.delta ?? "") !== "")) firstTextMs = now();
    }
  };
  for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
    buffered += decoder.decode(chunk, { stream: true });
    const lines = buffered.split("\n");
    buffered = lines.pop() ?? "";
    take(eventsIn(lines));
  }
  take(eventsIn([buffered + decoder.decode()]));
  const totalMs = now();
  if (firstTextMs === null) throw new Error(`stream-response sent no answer text (content-type ${type || "none"})`);
  return { text: full ?? pieces, firstTextMs, totalMs };
}
