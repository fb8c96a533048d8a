import { sql, type SQL } from 'drizzle-orm';
import {
  CATEGORY_NAME_TAKEN_MESSAGE,
  CATEGORY_NOT_FOUND_MESSAGE,
  STORYFILE_NOT_FOUND_MESSAGE,
  type CategoryPage,
  type CurrentUser,
  type CustomCategory,
  type SavedCategory,
  type ChangeEffect,
  type categoryBodySchema,
  type categoryChangePreviewBodySchema,
  type createCategoryBodySchema,
  type listCategoriesQuerySchema,
} from '@conversa/contracts';
import { normalizeText } from '@conversa/matching';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import type { ConversationEngine } from '../conversations/index.ts';
import { previewCategoryEffect } from './category-effect.ts';
import { defineVocabulary } from './namespace-vocabulary.ts';
import { storyfileQuestions, storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { chatLogEntries } from '../conversations/conversations.tables.ts';

type CategoriesQuery = z.output<typeof listCategoriesQuerySchema>;
type CategoryBody = z.output<typeof categoryBodySchema>;
type CreateBody = z.output<typeof createCategoryBodySchema>;

interface CategoryRow extends Record<string, unknown> {
  id: string;
  namespace_id: string;
  storyfile_id: string | null;
  storyfile_name: string | null;
  name: string;
  phrases: string[];
  used_by_answers: number;
  folded_questions: number;
  updated_at: Date | string;
}

function presentCategory(row: CategoryRow): CustomCategory {
  return {
    id: row.id,
    namespaceId: row.namespace_id,
    storyfileId: row.storyfile_id,
    storyfileName: row.storyfile_name,
    name: row.name,
    phrases: row.phrases,
    usedByAnswers: row.used_by_answers,
    foldedQuestions: row.folded_questions,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

/** The select list of a category (its usage is added by `withCategoryUsage`). */
const CATEGORY_SELECT = sql`c.id, c.namespace_id, c.storyfile_id, s.name as storyfile_name, c.name,
  c.phrases, c.normalized_phrases, c.updated_at`;

/**
 * `rows` (categories as `CATEGORY_SELECT` reads them, a page or one) with their usage, in
 * `orderBy`'s order, in one statement: "used by answers" counts the script questions of the
 * category's scope (its storyfile, else the namespace's storyfiles) with one of its phrases, and
 * "folded questions" the exchanges of the last 30 days with one. A phrase is found as whole words:
 * the normalised phrases are lower-case letters, digits and single spaces, the exchanges'
 * normalised texts too, and `conversa_question_words` splits a question and its alternates the
 * same way (migration 0020). Each phrase's words are looked up in a GIN index of words
 * (`chat_log_entries_words_idx`, `storyfile_questions_words_idx`) and only those rows are
 * checked for the whole phrase, so a page costs what its own phrases find, not a scan of every
 * question and exchange per category (10,000 phrases in a namespace: see the module README).
 */
function withCategoryUsage(rows: SQL, orderBy: SQL): SQL {
  const questionWords = sql`conversa_question_words(q.text, q.alternates)`;
  return sql`with c as (${rows}),
    phrase as materialized (
      select c.id, c.namespace_id, c.storyfile_id, p.phrase, string_to_array(p.phrase, ' ') as words
      from c, unnest(c.normalized_phrases) as p(phrase)
    ),
    answer_usage as (
      select ph.id, count(distinct q.id)::int as n
      from phrase ph
      join ${storyfileQuestions} q on ${questionWords} @> ph.words
      join ${storyfiles} qs on qs.id = q.storyfile_id
      where qs.namespace_id = ph.namespace_id and qs.deleted_at is null
        and (ph.storyfile_id is null or q.storyfile_id = ph.storyfile_id)
        and strpos(' ' || array_to_string(${questionWords}, ' ') || ' ', ' ' || ph.phrase || ' ') > 0
      group by ph.id
    ),
    folded_usage as (
      select ph.id, count(distinct e.id)::int as n
      from phrase ph
      join ${chatLogEntries} e on string_to_array(e.normalized_text, ' ') @> ph.words
      join ${storyfiles} es on es.id = e.storyfile_id
      where es.namespace_id = ph.namespace_id
        and (ph.storyfile_id is null or e.storyfile_id = ph.storyfile_id)
        and e.created_at >= now() - interval '30 days'
        and strpos(' ' || e.normalized_text || ' ', ' ' || ph.phrase || ' ') > 0
      group by ph.id
    )
    select c.*, coalesce(au.n, 0) as used_by_answers, coalesce(fu.n, 0) as folded_questions
    from c left join answer_usage au on au.id = c.id left join folded_usage fu on fu.id = c.id
    order by ${orderBy}`;
}

const CATEGORIES = defineVocabulary<'name' | 'phrases', CategoryRow, CustomCategory>({
  from: sql`from custom_categories c left join ${storyfiles} s on s.id = c.storyfile_id`,
  tableName: sql`custom_categories`,
  select: CATEGORY_SELECT,
  decorate: withCategoryUsage,
  alias: 'c',
  nameColumn: 'name',
  nameSort: 'name',
  searchFields: {
    name: (pattern) => sql`c.name ilike ${pattern}`,
    phrases: (pattern) => sql`array_to_string(c.phrases, ' ') ilike ${pattern}`,
  },
  present: presentCategory,
  notFoundMessage: CATEGORY_NOT_FOUND_MESSAGE,
  takenMessage: CATEGORY_NAME_TAKEN_MESSAGE,
});

/** The count and page statements of `listCategories` (the benchmark runs them through `pg`). */
export function buildCategoryListQueries(user: CurrentUser, query: CategoriesQuery) {
  return CATEGORIES.buildListQueries(user, query);
}

/** One page of a namespace's categories (its own and its storyfiles' additions) with usage. */
export async function listCategories(
  db: Database,
  user: CurrentUser,
  query: CategoriesQuery,
): Promise<CategoryPage> {
  return CATEGORIES.list(db, user, query);
}

/** Phrases once each (by normalised form), in the order given. */
function cleanPhrases(phrases: readonly string[]): { phrases: string[]; normalized: string[] } {
  const seen = new Set<string>();
  const kept: string[] = [];
  for (const phrase of phrases) {
    const key = normalizeText(phrase);
    if (key !== '' && !seen.has(key)) {
      seen.add(key);
      kept.push(phrase.trim());
    }
  }
  if (kept.length < 2) {
    throw badRequest('A category needs at least two different phrases.');
  }
  return { phrases: kept, normalized: [...seen] };
}

/** Phrases that another category of the same scope (namespace, plus the storyfile) also has. */
async function findOverlaps(
  db: Database,
  category: { id: string; namespaceId: string; storyfileId: string | null },
  normalized: readonly string[],
): Promise<SavedCategory['warnings']> {
  const result = await db.execute<{ phrase: string; name: string }>(sql`
    select p as phrase, c.name from custom_categories c, unnest(c.normalized_phrases) p
    where c.namespace_id = ${category.namespaceId} and c.id <> ${category.id}
      and (c.storyfile_id is null or ${category.storyfileId}::uuid is null
           or c.storyfile_id = ${category.storyfileId}::uuid)
      and p = any(${sql.param([...normalized])}::text[])
    order by c.name, p`);
  return result.rows.map((row) => ({ phrase: row.phrase, otherCategory: row.name }));
}

/** A new category's scope, once the user may edit the namespace and the storyfile is in it. */
async function checkNewScope(
  db: Database,
  user: CurrentUser,
  body: { namespaceId: string; storyfileId?: string | undefined },
): Promise<{ namespaceId: string; storyfileId: string | null }> {
  await CATEGORIES.assertNamespaceEditable(db, user, body.namespaceId);
  if (body.storyfileId) {
    const found = await db.execute(
      sql`select 1 from ${storyfiles} where id = ${body.storyfileId} and namespace_id = ${body.namespaceId} and deleted_at is null`,
    );
    if (found.rows.length === 0) {
      throw notFound(STORYFILE_NOT_FOUND_MESSAGE);
    }
  }
  return { namespaceId: body.namespaceId, storyfileId: body.storyfileId ?? null };
}

/**
 * What saving or deleting a category would do to past questions, without doing it (the same
 * preview the save answers with). An edited or deleted category keeps its own scope.
 */
export async function previewCategoryChange(
  engine: ConversationEngine,
  user: CurrentUser,
  body: z.output<typeof categoryChangePreviewBodySchema>,
): Promise<ChangeEffect> {
  const { db } = engine;
  let scope: { namespaceId: string; storyfileId: string | null };
  if (body.categoryId) {
    const existing = await getEditableCategory(db, user, body.categoryId);
    if (existing.namespaceId !== body.namespaceId) {
      throw notFound(CATEGORY_NOT_FOUND_MESSAGE);
    }
    scope = existing;
  } else {
    scope = await checkNewScope(db, user, body);
  }
  const category = body.category
    ? { name: body.category.name, phrases: cleanPhrases(body.category.phrases).phrases }
    : null;
  return previewCategoryEffect(engine, scope, body.categoryId ?? null, category);
}

export async function createCategory(
  engine: ConversationEngine,
  user: CurrentUser,
  body: CreateBody,
): Promise<SavedCategory> {
  const { db } = engine;
  const scope = await checkNewScope(db, user, body);
  const { phrases, normalized } = cleanPhrases(body.phrases);
  const effect = await previewCategoryEffect(engine, scope, null, { name: body.name, phrases });
  const inserted = await CATEGORIES.write(
    db.execute<{ id: string }>(
      sql`insert into custom_categories (namespace_id, storyfile_id, name, phrases, normalized_phrases, created_by, updated_by)
        values (${body.namespaceId}, ${body.storyfileId ?? null}, ${body.name},
          ${sql.param(phrases)}::text[], ${sql.param(normalized)}::text[], ${user.iam}, ${user.iam})
        returning id`,
    ),
  );
  const category = await CATEGORIES.read(db, inserted.rows[0]!.id);
  return { category, warnings: await findOverlaps(db, category, normalized), effect };
}

async function getEditableCategory(
  db: Database,
  user: CurrentUser,
  id: string,
): Promise<CustomCategory> {
  await CATEGORIES.assertEditable(db, user, id);
  return CATEGORIES.read(db, id);
}

export async function updateCategory(
  engine: ConversationEngine,
  user: CurrentUser,
  id: string,
  body: CategoryBody,
): Promise<SavedCategory> {
  const { db } = engine;
  const existing = await getEditableCategory(db, user, id);
  const { phrases, normalized } = cleanPhrases(body.phrases);
  const effect = await previewCategoryEffect(engine, existing, id, { name: body.name, phrases });
  await CATEGORIES.write(
    db.execute(
      sql`update custom_categories set name = ${body.name}, phrases = ${sql.param(phrases)}::text[],
        normalized_phrases = ${sql.param(normalized)}::text[], updated_by = ${user.iam}, updated_at = now()
        where id = ${id}`,
    ),
  );
  const category = await CATEGORIES.read(db, id);
  return { category, warnings: await findOverlaps(db, existing, normalized), effect };
}

export async function deleteCategory(
  engine: ConversationEngine,
  user: CurrentUser,
  id: string,
): Promise<{ id: string; effect: ChangeEffect }> {
  const existing = await getEditableCategory(engine.db, user, id);
  const effect = await previewCategoryEffect(engine, existing, id, null);
  return { ...(await CATEGORIES.remove(engine.db, user, id)), effect };
}
