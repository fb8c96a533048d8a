import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { matchingSettingsSchema, updateMatchingSettingsBodySchema } from './matching-settings.ts';

export const updateMatchingSettingsContract = defineContract({
  method: 'PUT',
  path: '/v1/conversa/storyfiles/:id/matching-settings',
  summary: "Sets a storyfile's out-of-scope threshold (null restores the automatic threshold)",
  tags: ['conversations'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  body: updateMatchingSettingsBodySchema,
  response: matchingSettingsSchema,
});
