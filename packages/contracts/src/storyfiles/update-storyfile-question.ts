import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { storyfileQuestionSchema, updateStoryfileQuestionBodySchema } from './storyfile.ts';

export const storyfileQuestionParamsSchema = z.object({ id: z.uuid(), questionId: z.uuid() });

export const updateStoryfileQuestionContract = defineContract({
  method: 'PATCH',
  path: '/v1/conversa/storyfiles/:id/questions/:questionId',
  summary: 'Edits the text or alternate phrasings of a storyfile question',
  tags: ['storyfiles'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileQuestionParamsSchema,
  body: updateStoryfileQuestionBodySchema,
  response: storyfileQuestionSchema,
  errors: [409],
});
