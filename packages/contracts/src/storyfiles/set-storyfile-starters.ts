import { defineContract } from '../contract.ts';
import {
  setStoryfileStartersBodySchema,
  storyfileDetailSchema,
  storyfileParamsSchema,
} from './storyfile.ts';

export const setStoryfileStartersContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/storyfiles/:id/starters',
  summary: "Sets a storyfile's conversation starters: its questions in the order visitors see them",
  tags: ['storyfiles'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  body: setStoryfileStartersBodySchema,
  response: storyfileDetailSchema,
  errors: [409],
});
