import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import type { ReviewActionKind } from '@conversa/contracts';
import { timestamps } from '../../db/columns.ts';
import { namespaces } from '../namespaces/namespaces.tables.ts';
import { storyfileQuestions, storyfiles } from '../storyfiles/storyfiles.tables.ts';
import { authorship, users } from '../users/users.tables.ts';

// --- Training (response quality) ---------------------------------------------------------------

/**
 * One reviewer's action in Response quality, kept for undo and as provenance: which chat-log rows
 * it came from, who and when, and exactly what it changed in the script.
 */
export const trainingActions = pgTable(
  'training_actions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    kind: text('kind').$type<ReviewActionKind>().notNull(),
    /** `correct`: the answer chosen; `record`: the question created. */
    questionId: uuid('question_id').references(() => storyfileQuestions.id, {
      onDelete: 'set null',
    }),
    /** Question text at the time (kept when the question changes or goes). */
    questionText: text('question_text'),
    /** `record`: the question was created by this action (undo deletes it while unrecorded). */
    isQuestionCreated: boolean('is_question_created').notNull().default(false),
    /** Chat-log rows the reviewer acted on. */
    entryIds: uuid('entry_ids').array().notNull(),
    /** Rows the new matcher answered as decided and that closed by themselves. */
    autoClosedEntryIds: uuid('auto_closed_entry_ids')
      .array()
      .notNull()
      .default(sql`'{}'::uuid[]`),
    /** Alternates this action added to `questionId` (undo removes those still there). */
    addedAlternates: text('added_alternates')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    /** Duplicate phrasings dropped from competing answers (undo puts them back). */
    removedAlternates: jsonb('removed_alternates')
      .$type<{ questionId: string; text: string }[]>()
      .notNull()
      .default([]),
    /** `ignore`: the normalised texts ignored. */
    normalizedTexts: text('normalized_texts')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    createdBy: uuid('created_by').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    undoneAt: timestamp('undone_at', { withTimezone: true }),
    undoneBy: uuid('undone_by').references(() => users.id, { onDelete: 'set null' }),
  },
  (table) => [
    index('training_actions_storyfile_created_idx').on(table.storyfileId, table.createdAt.desc()),
    check(
      'training_actions_kind_check',
      sql`${table.kind} in ('correct', 'record', 'out-of-scope', 'ignore')`,
    ),
  ],
);

/** Questions ignored per storyfile, by the matcher's normalised text: asked again, still ignored. */
export const trainingIgnores = pgTable(
  'training_ignores',
  {
    storyfileId: uuid('storyfile_id')
      .notNull()
      .references(() => storyfiles.id, { onDelete: 'cascade' }),
    normalizedText: text('normalized_text').notNull(),
    actionId: uuid('action_id')
      .notNull()
      .references(() => trainingActions.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [primaryKey({ columns: [table.storyfileId, table.normalizedText] })],
);

/**
 * Custom categories: interchangeable words or phrases the matcher folds on both sides. Per
 * namespace (`storyfileId` null), or an addition for one storyfile of that namespace.
 */
export const customCategories = pgTable(
  'custom_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    namespaceId: uuid('namespace_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    storyfileId: uuid('storyfile_id').references(() => storyfiles.id, { onDelete: 'cascade' }),
    name: text('name').notNull(),
    phrases: text('phrases').array().notNull(),
    /** The phrases as the matcher normalises them: usage counts match on these. */
    normalizedPhrases: text('normalized_phrases').array().notNull(),
    ...authorship,
    ...timestamps,
  },
  (table) => [
    index('custom_categories_namespace_idx').on(table.namespaceId, table.storyfileId),
    uniqueIndex('custom_categories_namespace_name_key')
      .on(table.namespaceId, sql`lower(${table.name})`)
      .where(sql`${table.storyfileId} is null`),
    uniqueIndex('custom_categories_storyfile_name_key')
      .on(table.storyfileId, sql`lower(${table.name})`)
      .where(sql`${table.storyfileId} is not null`),
  ],
);

/**
 * Custom words of a namespace: names, places and jargon the speech recognizer mishears. Each
 * "heard as" form is a replacement rule applied to spoken transcripts before matching.
 */
export const customWords = pgTable(
  'custom_words',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    namespaceId: uuid('namespace_id')
      .notNull()
      .references(() => namespaces.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    displayForm: text('display_form'),
    heardAs: text('heard_as')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    ...authorship,
    ...timestamps,
  },
  (table) => [
    uniqueIndex('custom_words_namespace_term_key').on(table.namespaceId, sql`lower(${table.term})`),
  ],
);
