import { defineContract } from '../contract.ts';
import {
  createStoryfileQuestionBodySchema,
  storyfileParamsSchema,
  storyfileQuestionSchema,
} from './storyfile.ts';

export const createStoryfileQuestionContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/questions',
  summary: 'Adds a question to a storyfile topic, typed in or taken from the library',
  tags: ['storyfiles'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  body: createStoryfileQuestionBodySchema,
  response: storyfileQuestionSchema,
  successStatus: 201,
  errors: [409],
});
