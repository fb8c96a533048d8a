import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { publicationSchema } from './publication.ts';

export const unpublishStoryfileContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/unpublish',
  summary: 'Unpublishes a storyfile: its share link and embeds answer "not available"',
  tags: ['publishing'],
  permission: { kind: 'storyfile', scope: 'owner:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: publicationSchema,
});
