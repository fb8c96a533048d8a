import { defineContract } from '../contract.ts';
import { customWordBodySchema, savedCustomWordSchema, wordParamsSchema } from './words.ts';

export const updateCustomWordContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/training/words/:id',
  summary: 'Changes a custom word',
  tags: ['training'],
  permission: { kind: 'role', scope: 'edit:ns' },
  params: wordParamsSchema,
  body: customWordBodySchema,
  response: savedCustomWordSchema,
  errors: [409],
});
