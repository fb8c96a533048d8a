import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { storyfileDetailSchema, storyfileParamsSchema } from './storyfile.ts';

export const applyScriptResponseSchema = z.object({
  storyfile: storyfileDetailSchema,
  addedTopics: z.number().int(),
  addedQuestions: z.number().int(),
  /** Script questions the storyfile already had (same library question or same text). */
  skippedQuestions: z.number().int(),
});
export type ApplyScriptResponse = z.infer<typeof applyScriptResponseSchema>;

export const applyScriptContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/apply-script',
  summary:
    "Merges a script's topics and questions into a storyfile without duplicating questions it already has",
  tags: ['storyfiles'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  body: z.object({ scriptId: z.uuid() }),
  response: applyScriptResponseSchema,
  errors: [409],
});
