import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { createListQuerySchema, createPageSchema, queryFlagSchema } from '../lists/list-query.ts';
import { TOPIC_SEARCH_OPTIONS, TOPIC_SORT_FIELDS, topicSchema } from './topic.ts';

export const listTopicsQuerySchema = createListQuerySchema({
  searchOptions: TOPIC_SEARCH_OPTIONS,
  sortFields: TOPIC_SORT_FIELDS,
  defaultSort: 'name',
  defaultOrder: 'asc',
}).extend({
  /** Only this namespace's library; unset lists every namespace the caller can see. */
  namespaceId: z.uuid().optional(),
  /** Also soft-deleted topics, of the namespaces where the caller is an owner (for restore). */
  includeDeleted: queryFlagSchema,
});
export type ListTopicsQuery = z.infer<typeof listTopicsQuerySchema>;

export const topicPageSchema = createPageSchema(topicSchema);

export const listTopicsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/topics',
  summary: 'Topics of the question libraries the caller can see, searched, sorted and paged',
  tags: ['library'],
  permission: { kind: 'role', scope: 'read:ns' },
  query: listTopicsQuerySchema,
  response: topicPageSchema,
  errors: [404],
});
