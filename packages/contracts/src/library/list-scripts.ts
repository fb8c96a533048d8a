import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { createListQuerySchema, createPageSchema, queryFlagSchema } from '../lists/list-query.ts';
import { SCRIPT_SEARCH_OPTIONS, SCRIPT_SORT_FIELDS, scriptSchema } from './script.ts';

export const listScriptsQuerySchema = createListQuerySchema({
  searchOptions: SCRIPT_SEARCH_OPTIONS,
  sortFields: SCRIPT_SORT_FIELDS,
  defaultSort: 'name',
  defaultOrder: 'asc',
}).extend({
  /** Only this namespace's scripts (shipped templates still follow `shipped`). */
  namespaceId: z.uuid().optional(),
  /** true: only shipped templates; false: only namespace scripts; unset: both. */
  shipped: z
    .enum(['true', 'false'], { error: 'Use true or false.' })
    .optional()
    .transform((value) => (value === undefined ? undefined : value === 'true')),
  /** Also soft-deleted scripts, of the namespaces where the caller is an owner. */
  includeDeleted: queryFlagSchema,
});
export type ListScriptsQuery = z.infer<typeof listScriptsQuerySchema>;

export const scriptPageSchema = createPageSchema(scriptSchema);

export const listScriptsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/scripts',
  summary: 'Shipped templates and the scripts of the namespaces the caller can see',
  tags: ['library'],
  permission: { kind: 'role', scope: 'read:ns' },
  query: listScriptsQuerySchema,
  response: scriptPageSchema,
  errors: [404],
});
