import { z } from 'zod';
import type { ListSearchOption } from '../lists/list-query.ts';
import {
  alternatesSchema,
  descriptionSchema,
  itemNameSchema,
  questionTextSchema,
  timestampSchema,
  userSummarySchema,
} from './content.ts';

/** A question of a namespace's question library; it belongs to one topic. */
export const libraryQuestionSchema = z.object({
  id: z.string(),
  namespaceId: z.string(),
  topicId: z.string(),
  topicName: z.string(),
  text: z.string(),
  alternates: z.array(z.string()),
  /** Zero-based place within its topic. */
  position: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  /** Set while the question is soft-deleted; an owner can restore it. */
  deletedAt: timestampSchema.nullable(),
  createdBy: userSummarySchema.nullable(),
  updatedBy: userSummarySchema.nullable(),
});
export type LibraryQuestion = z.infer<typeof libraryQuestionSchema>;

/** A topic of a namespace's question library, with how many (live) questions it holds. */
export const topicSchema = z.object({
  id: z.string(),
  namespaceId: z.string(),
  namespaceLabel: z.string(),
  name: z.string(),
  description: z.string(),
  questionCount: z.number().int(),
  createdAt: timestampSchema,
  updatedAt: timestampSchema,
  /** Set while the topic is soft-deleted (its name then ends in ` - Deleted`). */
  deletedAt: timestampSchema.nullable(),
  createdBy: userSummarySchema.nullable(),
  updatedBy: userSummarySchema.nullable(),
});
export type Topic = z.infer<typeof topicSchema>;

/** A topic with all its live questions in order. */
export const topicDetailSchema = topicSchema.extend({
  questions: z.array(libraryQuestionSchema),
});
export type TopicDetail = z.infer<typeof topicDetailSchema>;

export const TOPIC_SEARCH_OPTIONS = [
  { value: 'name', label: 'Name', active: true, disabled: false },
  { value: 'description', label: 'Description', active: true, disabled: false },
  { value: 'questions', label: 'Questions', active: false, disabled: false },
] as const satisfies readonly ListSearchOption[];
export type TopicSearchField = (typeof TOPIC_SEARCH_OPTIONS)[number]['value'];

export const TOPIC_SORT_FIELDS = ['name', 'questionCount', 'createdAt', 'updatedAt'] as const;
export type TopicSortField = (typeof TOPIC_SORT_FIELDS)[number];

export const LIBRARY_QUESTION_SEARCH_OPTIONS = [
  { value: 'text', label: 'Question', active: true, disabled: false },
  { value: 'alternates', label: 'Alternate phrasings', active: true, disabled: false },
  { value: 'topic', label: 'Topic', active: false, disabled: false },
] as const satisfies readonly ListSearchOption[];
export type LibraryQuestionSearchField = (typeof LIBRARY_QUESTION_SEARCH_OPTIONS)[number]['value'];

/** `position` orders by topic name, then by the place within the topic. */
export const LIBRARY_QUESTION_SORT_FIELDS = [
  'position',
  'text',
  'topic',
  'createdAt',
  'updatedAt',
] as const;
export type LibraryQuestionSortField = (typeof LIBRARY_QUESTION_SORT_FIELDS)[number];

export const TOPIC_NOT_FOUND_MESSAGE = 'Topic not found.';
export const QUESTION_NOT_FOUND_MESSAGE = 'Question not found.';

/** 409 text when a topic name is taken in the namespace. */
export function formatTopicNameTakenMessage(name: string): string {
  return `A topic named "${name}" already exists in this namespace.`;
}

/** 409 text when a topic already holds the question. */
export function formatQuestionTakenMessage(text: string): string {
  return `This topic already has the question "${text}".`;
}

export const createTopicBodySchema = z.object({
  namespaceId: z.uuid(),
  name: itemNameSchema,
  description: descriptionSchema.default(''),
});

export const updateTopicBodySchema = z.object({
  name: itemNameSchema.optional(),
  description: descriptionSchema.optional(),
});

export const createLibraryQuestionBodySchema = z.object({
  topicId: z.uuid(),
  text: questionTextSchema,
  alternates: alternatesSchema.default([]),
});

export const updateLibraryQuestionBodySchema = z.object({
  text: questionTextSchema.optional(),
  alternates: alternatesSchema.optional(),
  /** Moves the question to the end of another topic of the same namespace. */
  topicId: z.uuid().optional(),
});
