import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { publicationSchema } from './publication.ts';

export const getStoryfilePublicationContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/publication',
  summary: 'Whether a storyfile is published, and its share link',
  tags: ['publishing'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: publicationSchema,
});
