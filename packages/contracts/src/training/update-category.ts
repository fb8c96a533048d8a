import { defineContract } from '../contract.ts';
import { categoryBodySchema, categoryParamsSchema, savedCategorySchema } from './categories.ts';

export const updateCategoryContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/training/categories/:id',
  summary: 'Changes a custom category’s name and phrases',
  tags: ['training'],
  permission: { kind: 'role', scope: 'edit:ns' },
  params: categoryParamsSchema,
  body: categoryBodySchema,
  response: savedCategorySchema,
  errors: [409],
});
