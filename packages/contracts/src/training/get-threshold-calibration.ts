import { defineContract } from '../contract.ts';
import { storyfileParamsSchema } from '../storyfiles/storyfile.ts';
import { thresholdCalibrationSchema } from './insights.ts';

export const getThresholdCalibrationContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/training/calibration',
  summary:
    'The out-of-scope threshold calibrated from reviewed exchanges, and the trade-off of in-scope accuracy against fallback recall across thresholds',
  tags: ['training'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: thresholdCalibrationSchema,
});
