import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { changeEffectSchema } from './change-effect.ts';
import { categoryParamsSchema } from './categories.ts';

export const deleteCategoryContract = defineContract({
  method: 'DELETE',
  path: '/v1/conversa/training/categories/:id',
  summary: 'Deletes a custom category',
  tags: ['training'],
  permission: { kind: 'role', scope: 'edit:ns' },
  params: categoryParamsSchema,
  response: z.object({ id: z.string(), effect: changeEffectSchema }),
});
