import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { testBenchBodySchema, testBenchResultSchema } from './words.ts';

export const runTestBenchContract = defineContract({
  method: 'POST',
  path: '/v1/conversa/storyfiles/:id/training/test-bench',
  summary:
    'Shows how a phrase is matched, step by step (nothing is logged): "heard as" rules, categories folded, top 3 answers',
  tags: ['training'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  body: testBenchBodySchema,
  response: testBenchResultSchema,
});
