import { defineContract } from '../contract.ts';
import { inkVersionParamsSchema, inkVersionSchema } from './ink-story.ts';

export const restoreInkVersionContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/ink-story/versions/:number/restore',
  summary: "Saves an older version's source again as the newest version (compiled anew)",
  tags: ['ink'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: inkVersionParamsSchema,
  response: inkVersionSchema,
  successStatus: 201,
});
