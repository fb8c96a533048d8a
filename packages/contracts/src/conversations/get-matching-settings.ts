import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { matchingSettingsSchema } from './matching-settings.ts';

export const getMatchingSettingsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/matching-settings',
  summary: "A storyfile's out-of-scope threshold",
  tags: ['conversations'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: matchingSettingsSchema,
});
