import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { inkStorySchema } from './ink-story.ts';

export const getInkStoryContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/ink-story',
  summary:
    "A storyfile's ink story: its newest version, the version history, the published version and the checklist questions its tags may name",
  tags: ['ink'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: inkStorySchema,
});
