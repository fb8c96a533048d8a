import { z } from 'zod';
import type { ListSearchOption } from '../lists/list-query.ts';
import {
  alternatesSchema,
  descriptionSchema,
  itemNameSchema,
  languageSchema,
  MAX_QUESTIONS_PER_TOPIC,
  MAX_TOPICS_PER_CHECKLIST,
  questionTextSchema,
  timestampSchema,
  userSummarySchema,
} from './content.ts';

/**
 * A script (template): an ordered set of topics and questions that can be applied to a
 * storyfile. Shipped templates have no namespace, are read-only and can be duplicated into one.
 */
export const scriptSchema = z.object({
  id: z.string(),
  /** Null for the templates shipped with the studio. */
  namespaceId: z.string().nullable(),
  namespaceLabel: z.string().nullable(),
  isShipped: z.boolean(),
  name: z.string(),
  description: z.string(),
  language: z.string(),
  topicCount: z.number().int(),
  questionCount: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  deletedAt: timestampSchema.nullable(),
  createdBy: userSummarySchema.nullable(),
  updatedBy: userSummarySchema.nullable(),
});
export type Script = z.infer<typeof scriptSchema>;

export const scriptQuestionSchema = z.object({
  id: z.string(),
  text: z.string(),
  alternates: z.array(z.string()),
  position: z.number().int(),
  /** The library question it was taken from, if any. */
  sourceQuestionId: z.string().nullable(),
});
export type ScriptQuestion = z.infer<typeof scriptQuestionSchema>;

export const scriptTopicSchema = z.object({
  id: z.string(),
  name: z.string(),
  position: z.number().int(),
  sourceTopicId: z.string().nullable(),
  questions: z.array(scriptQuestionSchema),
});
export type ScriptTopic = z.infer<typeof scriptTopicSchema>;

/** A script with its whole content in order (the preview and the builder read this). */
export const scriptDetailSchema = scriptSchema.extend({ topics: z.array(scriptTopicSchema) });
export type ScriptDetail = z.infer<typeof scriptDetailSchema>;

/**
 * The whole content of a script, as the builder saves it. Items that carry the id of one of the
 * script's current items keep it; items without an id are new; current items left out are removed.
 */
export const scriptContentSchema = z.object({
  topics: z
    .array(
      z.object({
        id: z.uuid().optional(),
        name: itemNameSchema,
        sourceTopicId: z.uuid().nullable().optional(),
        questions: z
          .array(
            z.object({
              id: z.uuid().optional(),
              text: questionTextSchema,
              alternates: alternatesSchema.default([]),
              sourceQuestionId: z.uuid().nullable().optional(),
            }),
          )
          .max(
            MAX_QUESTIONS_PER_TOPIC,
            `A topic can have at most ${MAX_QUESTIONS_PER_TOPIC} questions.`,
          ),
      }),
    )
    .max(MAX_TOPICS_PER_CHECKLIST, `A script can have at most ${MAX_TOPICS_PER_CHECKLIST} topics.`),
});
export type ScriptContent = z.infer<typeof scriptContentSchema>;

export const SCRIPT_SEARCH_OPTIONS = [
  { value: 'name', label: 'Name', active: true, disabled: false },
  { value: 'description', label: 'Description', active: true, disabled: false },
  { value: 'questions', label: 'Questions', active: false, disabled: false },
] as const satisfies readonly ListSearchOption[];
export type ScriptSearchField = (typeof SCRIPT_SEARCH_OPTIONS)[number]['value'];

export const SCRIPT_SORT_FIELDS = ['name', 'questionCount', 'createdAt', 'updatedAt'] as const;
export type ScriptSortField = (typeof SCRIPT_SORT_FIELDS)[number];

export const SCRIPT_NOT_FOUND_MESSAGE = 'Script not found.';
export const SHIPPED_SCRIPT_READ_ONLY_MESSAGE =
  'Shipped templates cannot be changed; duplicate the template into a namespace to edit it.';

/** 409 text when a script name is taken in the namespace. */
export function formatScriptNameTakenMessage(name: string): string {
  return `A script named "${name}" already exists in this namespace.`;
}

export const createScriptBodySchema = z.object({
  namespaceId: z.uuid(),
  name: itemNameSchema,
  description: descriptionSchema.default(''),
  language: languageSchema.optional(),
  topics: scriptContentSchema.shape.topics.default([]),
});

export const updateScriptBodySchema = z.object({
  name: itemNameSchema.optional(),
  description: descriptionSchema.optional(),
  language: languageSchema.optional(),
});

export const duplicateScriptBodySchema = z.object({
  namespaceId: z.uuid(),
  /** Name of the copy; unset picks `<name> (copy)`, `<name> (copy 2)`, ... */
  name: itemNameSchema.optional(),
});
