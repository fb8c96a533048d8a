import { defineContract } from '../contract.ts';
import { idParamsSchema } from './content.ts';
import { libraryQuestionSchema, updateLibraryQuestionBodySchema } from './topic.ts';

export const updateLibraryQuestionContract = defineContract({
  method: 'PATCH',
  path: '/v1/conversa/questions/:id',
  summary: 'Edits a library question, its alternates, or moves it to another topic',
  tags: ['library'],
  permission: { kind: 'role', scope: 'edit:ns' },
  params: idParamsSchema,
  body: updateLibraryQuestionBodySchema,
  response: libraryQuestionSchema,
  errors: [409],
});
