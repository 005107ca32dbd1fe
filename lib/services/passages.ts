// The answer index: each source's extracted text cut into passages (lib/content/passages.ts) and stored in
// source_passages with a tsvector, written in the transaction that stores the text and rewritten whenever it
// changes. A question is then one indexed full-text lookup over its blog's passages (PostgreSQL and PGlite alike),
// never a pass over every source's whole text; the answerer ranks the few passages found, in memory.
import { and, eq, notExists, sql } from "drizzle-orm";
import { getDb, type Tx } from "@/db/client";
import { blogSources, sourcePassages } from "@/db/schema";
import { questionSearchWords } from "@/lib/ai/retrieval";
import { textSearchConfig } from "@/lib/content/languages";
import { passagesOf } from "@/lib/content/passages";

/**
 * The text search configuration of passages whose language is not known (PostgreSQL's English stemmer); a source
 * in another language is indexed with its own (lib/content/languages.ts textSearchConfig).
 */
export const PASSAGE_LANGUAGE = "english";
/** Passages written per statement: each statement's to_tsvector work stays small, and the thread turns between. */
const WRITE_BATCH = 100;
/** Best-ranked passages a question takes (each comes with the passage before and after it). */
export const QUESTION_PASSAGES = 30;

export interface PassageSource {
  id: string;
  tenantId: string;
  blogId: string;
}

/**
 * Replaces a source's passages with those of `text` (none for null or empty text). Run it in the transaction that
 * stores the text. `headings`: the extractor's headings, when it found them.
 */
export async function writePassages(
  tx: Tx,
  source: PassageSource,
  text: string | null,
  headings: readonly (string | null)[] = [],
  language: string | null = null,
): Promise<number> {
  await tx.delete(sourcePassages).where(eq(sourcePassages.sourceId, source.id));
  if (!text) return 0;
  const config = textSearchConfig(language);
  let position = 0;
  let batch: (typeof sourcePassages.$inferInsert)[] = [];
  const write = async () => {
    if (batch.length === 0) return;
    await tx.insert(sourcePassages).values(batch);
    batch = [];
  };
  for (const passage of passagesOf(text, headings)) {
    batch.push({
      tenantId: source.tenantId,
      blogId: source.blogId,
      sourceId: source.id,
      position,
      heading: passage.heading,
      body: passage.body,
      language: config,
      // Computed by the database from the passage's own text; the column's TypeScript type is the tsvector's text.
      search: sql`to_tsvector(${config}::regconfig, ${`${passage.heading}\n${passage.body}`})` as unknown as string,
    });
    position += 1;
    if (batch.length >= WRITE_BATCH) await write();
  }
  await write();
  return position;
}

/** Gives the passages of one source to another (a source kept when its list is rewritten gets a new row). */
export async function copyPassages(tx: Tx, fromSourceId: string, to: PassageSource): Promise<void> {
  await tx.execute(sql`
    insert into ${sourcePassages} (tenant_id, blog_id, source_id, position, heading, body, language, search)
    select ${to.tenantId}, ${to.blogId}, ${to.id}, position, heading, body, language, search
    from ${sourcePassages} where source_id = ${fromSourceId}`);
}

/**
 * Indexes the ready sources of a blog that have no passages (extracted before passages existed), each in its own
 * transaction under the source's row lock, so two questions at once index a source once. Costs one indexed statement
 * when there is nothing to do (a ready source whose text is empty has no passages, and is looked at again: cheaply).
 */
export async function indexUnindexedSources(blogId: string): Promise<number> {
  const db = await getDb();
  const missing = await db
    .select({ id: blogSources.id })
    .from(blogSources)
    .where(
      and(
        eq(blogSources.blogId, blogId),
        eq(blogSources.extractionStatus, "ready"),
        notExists(db.select({ one: sql`1` }).from(sourcePassages).where(eq(sourcePassages.sourceId, blogSources.id))),
      ),
    );
  let indexed = 0;
  for (const { id } of missing) {
    await db.transaction(async (tx) => {
      const [source] = await tx
        .select({
          id: blogSources.id,
          tenantId: blogSources.tenantId,
          blogId: blogSources.blogId,
          text: blogSources.extractedText,
          status: blogSources.extractionStatus,
          language: blogSources.language,
        })
        .from(blogSources)
        .where(eq(blogSources.id, id))
        .for("update");
      if (!source || source.status !== "ready") return;
      const [already] = await tx.select({ id: sourcePassages.id }).from(sourcePassages).where(eq(sourcePassages.sourceId, id)).limit(1);
      if (already) return;
      if ((await writePassages(tx, source, source.text, [], source.language)) > 0) indexed += 1;
    });
  }
  return indexed;
}

export interface FoundPassage {
  sourceId: string;
  kind: string;
  sourcePosition: number;
  url: string | null;
  fileName: string | null;
  position: number;
  heading: string;
  body: string;
}

/**
 * Lexemes for to_tsquery: the question's topic words (lib/ai/retrieval), only letters and digits (anything else
 * splits a word), joined with ' | ' so a passage matching any of them is a candidate and ts_rank_cd orders them.
 */
export function searchQueryOf(question: string, language: string | null = null): string {
  const lexemes = new Set<string>();
  for (const word of questionSearchWords(question, language)) {
    for (const part of word.match(/[\p{L}\p{N}]+/gu) ?? []) if (part.length <= 100) lexemes.add(part);
  }
  return [...lexemes].join(" | ");
}

/**
 * The passages of a blog's ready sources that best match a question (ts_rank_cd over an OR of its words), each with
 * its neighbours (position - 1 and + 1), in reading order by source: one statement, on the GIN index. `language`: the
 * deck's, which the question is asked in (its words are stemmed as that language's passages were).
 */
export async function passagesForQuestion(blogId: string, question: string, limit = QUESTION_PASSAGES, language: string | null = null): Promise<FoundPassage[]> {
  const query = searchQueryOf(question, language);
  if (!query) return [];
  const db = await getDb();
  const result = await db.execute(sql`
    with q as (select to_tsquery(${textSearchConfig(language)}::regconfig, ${query}) as query),
    hits as (
      select p.source_id, p.position
      from ${sourcePassages} p, q
      where p.blog_id = ${blogId} and p.search @@ q.query
      order by ts_rank_cd(p.search, q.query) desc, p.source_id, p.position
      limit ${limit}
    ),
    wanted as (
      select distinct h.source_id, h.position + n.d as position from hits h, (values (-1), (0), (1)) as n(d)
    )
    select p.source_id as "sourceId", s.kind::text as "kind", s.position as "sourcePosition", s.url, f.original_name as "fileName",
           p.position, p.heading, p.body
    from wanted w
    join ${sourcePassages} p on p.source_id = w.source_id and p.position = w.position
    join blog_sources s on s.id = p.source_id and s.extraction_status = 'ready'
    left join files f on f.id = s.file_id
    order by s.kind, s.position, p.source_id, p.position`);
  const rows = (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as FoundPassage[];
  return rows;
}

/** Most sections whose first passage a question of asking words only is looked up among. */
const HEADED_SECTIONS = 40;

/**
 * For a question of asking words only ("What should I do?"), which no passage matches: the first passage of each
 * headed section of the blog's ready sources, a heading put as a question being what such a question is. One
 * statement on the blog index, at most HEADED_SECTIONS rows.
 */
export async function headedPassages(blogId: string): Promise<FoundPassage[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    select * from (
      select distinct on (p.source_id, p.heading)
             p.source_id as "sourceId", s.kind::text as "kind", s.position as "sourcePosition", s.url, f.original_name as "fileName",
             p.position, p.heading, p.body
      from ${sourcePassages} p
      join blog_sources s on s.id = p.source_id and s.extraction_status = 'ready'
      left join files f on f.id = s.file_id
      where p.blog_id = ${blogId} and coalesce(p.heading, '') <> ''
      order by p.source_id, p.heading, p.position
    ) firsts
    order by "kind", "sourcePosition", "position"
    limit ${HEADED_SECTIONS}`);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as FoundPassage[];
}

/** Passages of the main document's opening a summary starts from. */
const OPENING_PASSAGES = 2;
/** Most sections a summary names. */
const SUMMARY_SECTIONS = 12;

/**
 * For a summary: the main document's first passages, and the first passage of each of its sections (by heading),
 * in reading order. One statement on the (source_id, position) index.
 */
export async function openingPassages(blogId: string): Promise<FoundPassage[]> {
  const db = await getDb();
  const result = await db.execute(sql`
    with main as (
      select s.id, s.kind::text as kind, s.position, s.url, f.original_name as file_name
      from blog_sources s left join files f on f.id = s.file_id
      where s.blog_id = ${blogId} and s.kind = 'main_document' and s.extraction_status = 'ready'
      order by s.position limit 1
    ),
    firsts as (
      select p.source_id, min(p.position) as position from ${sourcePassages} p join main m on m.id = p.source_id group by p.source_id, p.heading
    )
    select p.source_id as "sourceId", m.kind, m.position as "sourcePosition", m.url, m.file_name as "fileName", p.position, p.heading, p.body
    from ${sourcePassages} p join main m on m.id = p.source_id
    where p.position < ${OPENING_PASSAGES} or p.position in (select position from firsts order by position limit ${SUMMARY_SECTIONS})
    order by p.position`);
  return (Array.isArray(result) ? result : (result as { rows: unknown[] }).rows) as FoundPassage[];
}
