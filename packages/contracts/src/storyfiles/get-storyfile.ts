import { defineContract } from '../contract.ts';
import { storyfileDetailSchema, storyfileParamsSchema } from './storyfile.ts';

export const getStoryfileContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id',
  summary: 'A storyfile with its whole recording checklist in order',
  tags: ['storyfiles'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: storyfileDetailSchema,
});
