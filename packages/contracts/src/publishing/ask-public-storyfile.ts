import { defineContract } from '../contract.ts';
import { publicAskResponseSchema } from '../conversations/conversation.ts';
import { publicAskBodySchema, publicStoryfileParamsSchema } from './publication.ts';

export const askPublicStoryfileContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/public/storyfiles/:slug/ask',
  summary:
    'Asks a published storyfile (no account; rate-limited per visitor and per storyfile): the decision, a signed video URL, and the suggestions when it asks back ("Did you mean…?", topics and starters)',
  tags: ['publishing'],
  permission: { kind: 'public' },
  params: publicStoryfileParamsSchema,
  body: publicAskBodySchema,
  response: publicAskResponseSchema,
  errors: [409, 429],
});
