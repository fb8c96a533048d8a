import { defineContract } from '../contract.ts';
import { categoryPageSchema, listCategoriesQuerySchema } from './categories.ts';

export const listCategoriesContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/training/categories',
  summary: 'A namespace’s custom categories with their usage, searched, sorted and paged',
  tags: ['training'],
  permission: { kind: 'role', scope: 'read:ns' },
  query: listCategoriesQuerySchema,
  response: categoryPageSchema,
  errors: [404],
});
