import { defineContract } from '../contract.ts';
import { idParamsSchema } from './content.ts';
import { libraryQuestionSchema } from './topic.ts';

export const deleteLibraryQuestionContract = defineContract({
  method: 'DELETE',
  path: '/v1/conversa/questions/:id',
  summary: 'Soft-deletes a library question',
  tags: ['library'],
  permission: { kind: 'role', scope: 'edit:ns' },
  params: idParamsSchema,
  response: libraryQuestionSchema,
});
