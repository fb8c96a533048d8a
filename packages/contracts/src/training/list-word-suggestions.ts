import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { wordSuggestionListSchema } from './insights.ts';

export const listWordSuggestionsContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/training/word-suggestions',
  summary:
    'Candidate custom words from the storyfile’s own content: names and rare words of its script and of its videos’ captions, and words of spoken questions that matched nothing',
  tags: ['training'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: wordSuggestionListSchema,
});
