import { sql } from 'drizzle-orm';
import {
  applyHeardAsRules,
  CUSTOM_WORD_NOT_FOUND_MESSAGE,
  CUSTOM_WORD_TAKEN_MESSAGE,
  type CurrentUser,
  type CustomWord,
  type CustomWordPage,
  type ChangeEffect,
  type SavedCustomWord,
  type TestBenchResult,
  type createCustomWordBodySchema,
  type customWordBodySchema,
  type listCustomWordsQuerySchema,
  type testBenchBodySchema,
  type wordChangePreviewBodySchema,
} from '@conversa/contracts';
import { listFoldedCategories } from '@conversa/matching';
import type { z } from 'zod';
import type { Database } from '../../db/client.ts';
import { getTrainedStoryfileMatcher, type ConversationEngine } from '../conversations/index.ts';
import { defineVocabulary } from './namespace-vocabulary.ts';
import { previewWordEffect } from './word-effect.ts';
import { notFound } from '../../http/errors.ts';

type WordsQuery = z.output<typeof listCustomWordsQuerySchema>;
type WordBody = z.output<typeof customWordBodySchema>;
type CreateWordBody = z.output<typeof createCustomWordBodySchema>;

interface WordRow extends Record<string, unknown> {
  id: string;
  namespace_id: string;
  term: string;
  display_form: string | null;
  heard_as: string[];
  updated_at: Date | string;
}

function presentWord(row: WordRow): CustomWord {
  return {
    id: row.id,
    namespaceId: row.namespace_id,
    term: row.term,
    displayForm: row.display_form,
    heardAs: row.heard_as,
    updatedAt: new Date(row.updated_at).toISOString(),
  };
}

const WORDS = defineVocabulary<'term' | 'heardAs', WordRow, CustomWord>({
  from: sql`from custom_words w`,
  tableName: sql`custom_words`,
  select: sql`w.id, w.namespace_id, w.term, w.display_form, w.heard_as, w.updated_at`,
  alias: 'w',
  nameColumn: 'term',
  nameSort: 'term',
  searchFields: {
    term: (pattern) =>
      sql`(w.term ilike ${pattern} or coalesce(w.display_form, '') ilike ${pattern})`,
    heardAs: (pattern) => sql`array_to_string(w.heard_as, ' ') ilike ${pattern}`,
  },
  present: presentWord,
  notFoundMessage: CUSTOM_WORD_NOT_FOUND_MESSAGE,
  takenMessage: CUSTOM_WORD_TAKEN_MESSAGE,
});

export async function listCustomWords(
  db: Database,
  user: CurrentUser,
  query: WordsQuery,
): Promise<CustomWordPage> {
  return WORDS.list(db, user, query);
}

/** "Heard as" forms once each (case and spaces aside), never the term itself. */
function cleanHeardAs(term: string, forms: readonly string[]): string[] {
  const seen = new Set([term.toLowerCase().replace(/\s+/g, ' ')]);
  return forms.filter((form) => {
    const key = form.toLowerCase().replace(/\s+/g, ' ');
    if (seen.has(key)) {
      return false;
    }
    seen.add(key);
    return true;
  });
}

/** What saving or deleting a word would do to past spoken questions, without doing it. */
export async function previewWordChange(
  engine: ConversationEngine,
  user: CurrentUser,
  body: z.output<typeof wordChangePreviewBodySchema>,
): Promise<ChangeEffect> {
  const { db } = engine;
  let previous: CustomWord | null = null;
  if (body.wordId) {
    await WORDS.assertEditable(db, user, body.wordId);
    previous = await WORDS.read(db, body.wordId);
    if (previous.namespaceId !== body.namespaceId) {
      throw notFound(CUSTOM_WORD_NOT_FOUND_MESSAGE);
    }
  } else {
    await WORDS.assertNamespaceEditable(db, user, body.namespaceId);
  }
  const next = body.word && {
    ...body.word,
    heardAs: cleanHeardAs(body.word.term, body.word.heardAs),
  };
  return previewWordEffect(engine, body.namespaceId, previous, next);
}

export async function createCustomWord(
  engine: ConversationEngine,
  user: CurrentUser,
  body: CreateWordBody,
): Promise<SavedCustomWord> {
  const { db } = engine;
  await WORDS.assertNamespaceEditable(db, user, body.namespaceId);
  const heardAs = cleanHeardAs(body.term, body.heardAs);
  const effect = await previewWordEffect(engine, body.namespaceId, null, { ...body, heardAs });
  const inserted = await WORDS.write(
    db.execute<{ id: string }>(
      sql`insert into custom_words (namespace_id, term, display_form, heard_as, created_by, updated_by)
        values (${body.namespaceId}, ${body.term}, ${body.displayForm || null},
          ${sql.param(heardAs)}::text[], ${user.iam}, ${user.iam})
        returning id`,
    ),
  );
  return { ...(await WORDS.read(db, inserted.rows[0]!.id)), effect };
}

export async function updateCustomWord(
  engine: ConversationEngine,
  user: CurrentUser,
  id: string,
  body: WordBody,
): Promise<SavedCustomWord> {
  const { db } = engine;
  await WORDS.assertEditable(db, user, id);
  const previous = await WORDS.read(db, id);
  const heardAs = cleanHeardAs(body.term, body.heardAs);
  const effect = await previewWordEffect(engine, previous.namespaceId, previous, {
    ...body,
    heardAs,
  });
  await WORDS.write(
    db.execute(
      sql`update custom_words set term = ${body.term}, display_form = ${body.displayForm || null},
        heard_as = ${sql.param(heardAs)}::text[],
        updated_by = ${user.iam}, updated_at = now() where id = ${id}`,
    ),
  );
  return { ...(await WORDS.read(db, id)), effect };
}

/** Deletes a word; its forms already replaced in the log stay, so it moves no past question. */
export async function deleteCustomWord(
  db: Database,
  user: CurrentUser,
  id: string,
): Promise<{ id: string; effect: ChangeEffect }> {
  return { ...(await WORDS.remove(db, user, id)), effect: { storyfiles: [] } };
}

/**
 * The test bench: the steps a question goes through, shown to the author; nothing is logged.
 * Categories folded come from the matcher's own fold (stemmed words, longest phrase first): a
 * search of the phrase in the text said "none" while a match showed "#research" (issue 32).
 */
export async function runTestBench(
  engine: ConversationEngine,
  storyfileId: string,
  body: z.output<typeof testBenchBodySchema>,
): Promise<TestBenchResult> {
  const { matcher, answers, categories, heardAsRules } = await getTrainedStoryfileMatcher(
    engine,
    storyfileId,
  );
  const replaced =
    body.inputMode === 'spoken'
      ? applyHeardAsRules(body.text, heardAsRules)
      : { text: body.text, applied: [] };
  const categoriesFolded = listFoldedCategories(replaced.text, categories).map((folded) => ({
    category: folded.category,
    phrase: folded.words,
  }));
  const result = matcher.match(replaced.text, { limit: 3 });
  return {
    raw: body.text,
    afterReplacements: replaced.text,
    replacements: replaced.applied,
    categoriesFolded,
    candidates: result.candidates.slice(0, 3).flatMap((candidate) => {
      const answer = answers.get(candidate.answerId);
      return answer
        ? [
            {
              questionId: answer.questionId,
              questionText: answer.text,
              score: candidate.score,
              confidence: candidate.confidence,
              isRecorded: candidate.isRecorded,
              matchedTerms: candidate.matchedTerms,
            },
          ]
        : [];
    }),
    decision: result.decision.kind,
    threshold: matcher.getThreshold(),
  };
}
