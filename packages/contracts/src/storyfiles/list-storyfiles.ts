import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { createListQuerySchema, createPageSchema, queryFlagSchema } from '../lists/list-query.ts';
import {
  STORYFILE_SEARCH_OPTIONS,
  STORYFILE_SORT_FIELDS,
  storyfileStatusSchema,
  storyfileSummarySchema,
} from './storyfile.ts';

export const listStoryfilesQuerySchema = createListQuerySchema({
  searchOptions: STORYFILE_SEARCH_OPTIONS,
  sortFields: STORYFILE_SORT_FIELDS,
  defaultSort: 'name',
  defaultOrder: 'asc',
}).extend({
  /** Only this namespace; unset lists every namespace the caller can see. */
  namespaceId: z.uuid().optional(),
  status: storyfileStatusSchema.optional(),
  /** Also soft-deleted storyfiles, of the namespaces where the caller is an owner (for restore). */
  includeDeleted: queryFlagSchema,
});
export type ListStoryfilesQuery = z.infer<typeof listStoryfilesQuerySchema>;

export const storyfilePageSchema = createPageSchema(storyfileSummarySchema);
export type StoryfilePage = z.infer<typeof storyfilePageSchema>;

export const listStoryfilesContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles',
  summary: 'Storyfiles of the namespaces the caller can see, with counts; searched, sorted, paged',
  tags: ['storyfiles'],
  permission: { kind: 'role', scope: 'read:ns' },
  query: listStoryfilesQuerySchema,
  response: storyfilePageSchema,
  errors: [404],
});
