import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { inkStorySchema } from './ink-story.ts';

export const unpublishInkStoryContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/ink-story/unpublish',
  summary: 'Stops running the ink story: conversations answer free questions only',
  tags: ['ink'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: inkStorySchema,
});
