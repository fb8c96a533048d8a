import { defineContract } from '../contract.ts';
import { idParamsSchema } from './content.ts';
import { libraryQuestionSchema } from './topic.ts';

export const getLibraryQuestionContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/questions/:id',
  summary: 'A library question',
  tags: ['library'],
  permission: { kind: 'role', scope: 'read:ns' },
  params: idParamsSchema,
  response: libraryQuestionSchema,
});
