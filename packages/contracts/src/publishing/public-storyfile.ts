import { defineContract } from '../contract.ts';
import { publicAskResponseSchema } from '../conversations/conversation.ts';
import {
  publicAskBodySchema,
  publicStoryfileParamsSchema,
  publicStoryfileSchema,
} from './publication.ts';

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

export const askPublicStoryfileContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/public/storyfiles/:slug/ask',
  summary:
    'Asks a published storyfile (no account; rate-limited per visitor and per storyfile): the decision and a signed video URL',
  tags: ['publishing'],
  permission: { kind: 'public' },
  params: publicStoryfileParamsSchema,
  body: publicAskBodySchema,
  response: publicAskResponseSchema,
  errors: [409, 429],
});
