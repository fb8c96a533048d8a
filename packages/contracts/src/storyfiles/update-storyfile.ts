import { defineContract } from '../contract.ts';
import {
  storyfileDetailSchema,
  storyfileParamsSchema,
  updateStoryfileBodySchema,
} from './storyfile.ts';

export const updateStoryfileContract = defineContract({
  method: 'PATCH',
  path: '/v1/conversa/storyfiles/:id',
  summary: "Changes a storyfile's name, description, language, status or avatar",
  tags: ['storyfiles'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  body: updateStoryfileBodySchema,
  response: storyfileDetailSchema,
  errors: [409],
});
