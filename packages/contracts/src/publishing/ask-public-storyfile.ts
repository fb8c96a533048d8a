import { defineContract } from '../contract.ts';
import { publicAskResponseSchema } from '../conversations/conversation.ts';
import { publicAskBodySchema, publicStoryfileParamsSchema } from './publication.ts';

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
