import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { publicationSchema } from './publication.ts';

export const publishStoryfileContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/publish',
  summary:
    'Publishes a storyfile: its share link `/s/{slug}` (stable across republishing) answers visitors',
  tags: ['publishing'],
  permission: { kind: 'storyfile', scope: 'owner:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: publicationSchema,
});
