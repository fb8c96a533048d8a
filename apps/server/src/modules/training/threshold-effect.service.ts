import type { AppliedThreshold, ReviewPreview } from '@conversa/contracts';
import { updateMatchingSettings, type ConversationEngine } from '../conversations/index.ts';
import { previewStoryfileChange } from './change-effects.ts';

/**
 * What setting the out-of-scope threshold (null: back to the automatic one) would do to the
 * storyfile's past questions: the calibrated offer of Response quality and the matching settings
 * get the same preview as every other training change (issue 28).
 */
export async function previewThresholdChange(
  engine: ConversationEngine,
  storyfileId: string,
  threshold: number | null,
): Promise<ReviewPreview> {
  return previewStoryfileChange(engine, storyfileId, () => ({ threshold: threshold ?? 'auto' }));
}

/** Sets the threshold and answers with what it did to past questions (worked out just before). */
export async function setThresholdWithEffect(
  engine: ConversationEngine,
  storyfileId: string,
  threshold: number | null,
): Promise<AppliedThreshold> {
  const preview = await previewThresholdChange(engine, storyfileId, threshold);
  const settings = await updateMatchingSettings(engine, storyfileId, threshold);
  return { settings, preview };
}
