import { defineContract } from '../contract.ts';
import { inkStorySchema, inkVersionParamsSchema } from './ink-story.ts';

export const publishInkVersionContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/ink-story/versions/:number/publish',
  summary:
    "Publishes a version without errors: the storyfile's conversations run it from their next turn",
  tags: ['ink'],
  permission: { kind: 'storyfile', scope: 'edit:ns' },
  storyfileParam: 'id',
  params: inkVersionParamsSchema,
  response: inkStorySchema,
  errors: [409],
});
