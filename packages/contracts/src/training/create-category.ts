import { defineContract } from '../contract.ts';
import { createCategoryBodySchema, savedCategorySchema } from './categories.ts';

export const createCategoryContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/training/categories',
  summary:
    'Creates a custom category (edit role in its namespace); matchers fold it from their next question',
  tags: ['training'],
  permission: { kind: 'role', scope: 'edit:ns' },
  body: createCategoryBodySchema,
  response: savedCategorySchema,
  successStatus: 201,
  errors: [404, 409],
});
