import { defineContract } from '../contract.ts';
import { createLibraryQuestionBodySchema, libraryQuestionSchema } from './topic.ts';

export const createLibraryQuestionContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/questions',
  summary: 'Adds a question at the end of a library topic',
  tags: ['library'],
  permission: { kind: 'role', scope: 'edit:ns' },
  body: createLibraryQuestionBodySchema,
  response: libraryQuestionSchema,
  successStatus: 201,
  errors: [404, 409],
});
