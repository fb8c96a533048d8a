import { defineContract } from '../contract.ts';
import { storyfileDetailSchema, storyfileParamsSchema } from './storyfile.ts';

export const restoreStoryfileContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/restore',
  summary: 'Restores a soft-deleted storyfile under its original name (owner role)',
  tags: ['storyfiles'],
  permission: { kind: 'storyfile', scope: 'owner:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: storyfileDetailSchema,
  errors: [409],
});
