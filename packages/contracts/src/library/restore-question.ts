import { defineContract } from '../contract.ts';
import { idParamsSchema } from './content.ts';
import { libraryQuestionSchema } from './topic.ts';

export const restoreLibraryQuestionContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/questions/:id/restore',
  summary: 'Restores a soft-deleted library question at the end of its topic (owner role)',
  tags: ['library'],
  permission: { kind: 'role', scope: 'owner:ns' },
  params: idParamsSchema,
  response: libraryQuestionSchema,
  errors: [409],
});
