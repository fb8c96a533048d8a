import { defineContract } from '../contract.ts';
import { categoryCsvSchema, exportCategoriesQuerySchema } from './insights.ts';

export const exportCategoriesContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/training/categories/export',
  summary:
    'A namespace’s custom categories as CSV (name, phrases separated by "|", storyfile name for a storyfile’s addition)',
  tags: ['training'],
  permission: { kind: 'role', scope: 'read:ns' },
  query: exportCategoriesQuerySchema,
  response: categoryCsvSchema,
  errors: [404],
});
