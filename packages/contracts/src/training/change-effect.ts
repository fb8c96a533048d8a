import { z } from 'zod';
import { describeAppliedReview, reviewPreviewSchema, type ReviewPreview } from './review.ts';

/**
 * What a namespace-wide change (a custom category or word) does to past questions: one preview
 * per storyfile it reaches that has past questions, the same preview a review change gets (issue
 * 28: every preview counts and lists the questions that would lose their answer).
 */
export const storyfileEffectSchema = z.object({
  storyfileId: z.string(),
  storyfileName: z.string(),
  preview: reviewPreviewSchema,
});
export type StoryfileEffect = z.infer<typeof storyfileEffectSchema>;

export const changeEffectSchema = z.object({ storyfiles: z.array(storyfileEffectSchema) });
export type ChangeEffect = z.infer<typeof changeEffectSchema>;

/** Most storyfiles a namespace-wide preview re-asks (those with the most recent exchanges). */
export const MAX_EFFECT_STORYFILES = 50;

/** Past exchanges, across the storyfiles, that would lose their answer. */
export function countLostAnswers(effect: ChangeEffect): number {
  return effect.storyfiles.reduce((sum, { preview }) => sum + preview.toFallback, 0);
}

/** Past exchanges, across the storyfiles, that the change moves at all. */
export function countMoved(effect: ChangeEffect): number {
  return effect.storyfiles.reduce((sum, { preview }) => sum + preview.moved, 0);
}

/**
 * The message of an applied category or word: per storyfile whose past questions moved, what
 * `describeAppliedReview` says of a review change ("1 past question now falls back instead of being
 * answered. The automatic threshold moved from 0.30 to 0.32."); nothing when nothing moved.
 */
export function describeAppliedEffect(effect: ChangeEffect): string {
  const moved = effect.storyfiles.filter(({ preview }) => isVisible(preview));
  if (moved.length === 0) {
    return 'No past question lost its answer.';
  }
  if (effect.storyfiles.length === 1) {
    return describeAppliedReview(moved[0]!.preview);
  }
  return moved
    .map(({ storyfileName, preview }) => `${storyfileName}: ${describeAppliedReview(preview)}`)
    .join(' ');
}

function isVisible(preview: ReviewPreview): boolean {
  return preview.moved > 0 || preview.threshold.before !== preview.threshold.after;
}
