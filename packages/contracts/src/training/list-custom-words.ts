import { defineContract } from '../contract.ts';
import { customWordPageSchema, listCustomWordsQuerySchema } from './words.ts';

export const listCustomWordsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/training/words',
  summary: 'A namespace’s custom words (term, display form, "heard as" rules), searched and paged',
  tags: ['training'],
  permission: { kind: 'role', scope: 'read:ns' },
  query: listCustomWordsQuerySchema,
  response: customWordPageSchema,
  errors: [404],
});
