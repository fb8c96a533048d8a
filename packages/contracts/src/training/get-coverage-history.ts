import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { COVERAGE_DAYS, coverageHistorySchema } from './insights.ts';

export const getCoverageHistoryContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/training/coverage',
  summary: `Questions asked, answered and fallen back per day over the last ${COVERAGE_DAYS} days`,
  tags: ['training'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: coverageHistorySchema,
});
