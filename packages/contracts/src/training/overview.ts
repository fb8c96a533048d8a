import { z } from 'zod';
import { defineContract } from '../contract.ts';
import { clipKindSchema, storyfileParamsSchema } from '../storyfiles/storyfile.ts';

/** Answered and fallback counts of a window of days. */
export const coverageWindowSchema = z.object({
  days: z.number().int(),
  asked: z.number().int(),
  answered: z.number().int(),
  fellBack: z.number().int(),
});
export type CoverageWindow = z.infer<typeof coverageWindowSchema>;

/** The selected storyfile's own numbers, which the Instructions checklist is written from. */
export const trainingOverviewSchema = z.object({
  storyfileId: z.string(),
  questionCount: z.number().int(),
  /** Script questions without a recorded answer. */
  unrecordedCount: z.number().int(),
  /** Of those, queued from Response quality ("to record"). */
  queuedToRecordCount: z.number().int(),
  /** Fallback clips (and idle, intro) not recorded yet. */
  missingClips: z.array(clipKindSchema),
  last7Days: coverageWindowSchema,
  last30Days: coverageWindowSchema,
  openReviewCount: z.number().int(),
  openGroupCount: z.number().int(),
  threshold: z.number(),
  isThresholdAutomatic: z.boolean(),
});
export type TrainingOverview = z.infer<typeof trainingOverviewSchema>;

export const getTrainingOverviewContract = defineContract({
  method: 'GET',
  path: '/v1/conversa/storyfiles/:id/training/overview',
  summary:
    'A storyfile’s training numbers: unrecorded questions, missing clips, answered and fallback rates over 7 and 30 days, open review items and groups, the threshold',
  tags: ['training'],
  permission: { kind: 'storyfile', scope: 'read:ns' },
  storyfileParam: 'id',
  params: storyfileParamsSchema,
  response: trainingOverviewSchema,
});
