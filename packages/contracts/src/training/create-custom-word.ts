import { defineContract } from '../contract.ts';
import { createCustomWordBodySchema, savedCustomWordSchema } from './words.ts';

export const createCustomWordContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/training/words',
  summary: 'Adds a custom word; its "heard as" rules apply to spoken questions from the next one',
  tags: ['training'],
  permission: { kind: 'role', scope: 'edit:ns' },
  body: createCustomWordBodySchema,
  response: savedCustomWordSchema,
  successStatus: 201,
  errors: [404, 409],
});
