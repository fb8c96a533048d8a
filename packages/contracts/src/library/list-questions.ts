import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { createListQuerySchema, createPageSchema, queryFlagSchema } from '../lists/list-query.ts';
import {
  LIBRARY_QUESTION_SEARCH_OPTIONS,
  LIBRARY_QUESTION_SORT_FIELDS,
  libraryQuestionSchema,
} from './topic.ts';

export const listLibraryQuestionsQuerySchema = createListQuerySchema({
  searchOptions: LIBRARY_QUESTION_SEARCH_OPTIONS,
  sortFields: LIBRARY_QUESTION_SORT_FIELDS,
  defaultSort: 'position',
  defaultOrder: 'asc',
}).extend({
  namespaceId: z.uuid().optional(),
  topicId: z.uuid().optional(),
  /** Also soft-deleted questions (and those of deleted topics), where the caller is an owner. */
  includeDeleted: queryFlagSchema,
});
export type ListLibraryQuestionsQuery = z.infer<typeof listLibraryQuestionsQuerySchema>;

export const libraryQuestionPageSchema = createPageSchema(libraryQuestionSchema);

export const listLibraryQuestionsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/questions',
  summary: 'Questions of the libraries the caller can see, searched, sorted and paged',
  tags: ['library'],
  permission: { kind: 'role', scope: 'read:ns' },
  query: listLibraryQuestionsQuerySchema,
  response: libraryQuestionPageSchema,
  errors: [404],
});
