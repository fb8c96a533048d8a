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
