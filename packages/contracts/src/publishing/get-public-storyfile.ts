import { defineContract } from '../contract.ts';
import { publicStoryfileParamsSchema, publicStoryfileSchema } from './publication.ts';

export const getPublicStoryfileContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/public/storyfiles/:slug',
  summary:
    'A published storyfile for the public player (no account): name, starters, idle and intro clips',
  tags: ['publishing'],
  permission: { kind: 'public' },
  params: publicStoryfileParamsSchema,
  response: publicStoryfileSchema,
});
