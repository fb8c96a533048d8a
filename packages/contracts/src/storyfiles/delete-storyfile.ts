import { defineContract } from '../contract.ts';
import { storyfileParamsSchema, storyfileSummarySchema } from './storyfile.ts';

export const deleteStoryfileContract = defineContract({
  method: 'DELETE',
  path: '/v1/conversa/storyfiles/:id',
  summary: 'Soft-deletes a storyfile: renamed to "<name> - Deleted", restorable by an owner',
  tags: ['storyfiles'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: storyfileSummarySchema,
});
