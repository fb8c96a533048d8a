import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { askBodySchema, askResponseSchema } from './conversation.ts';

export const askStoryfileContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/ask',
  summary:
    'Asks a storyfile a question (studio test, or the API with a bearer token): the decision, a signed video URL, the ranked candidates, the suggestions when it asks back ("Did you mean…?", topics and starters) and the conversation id; the exchange is logged',
  tags: ['conversations'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  body: askBodySchema,
  response: askResponseSchema,
});
