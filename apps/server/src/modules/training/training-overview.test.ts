import { describe, expect, it } from 'vitest';
import { type TrainingOverview } from '@conversa/contracts';
import { seedStoryfileWithAnswers } from '../../../test/conversation.fixtures.ts';
import {
  studio,
  owner,
  editor,
  reader,
  outsider,
  northId,
  BORN,
  ask,
  base,
  setUpTrainingStudio,
} from '../../../test/training.fixtures.ts';

setUpTrainingStudio();

describe('training overview (Instructions)', () => {
  it('reads the storyfile’s own numbers', async () => {
    const storyfile = await seedStoryfileWithAnswers(studio, owner, northId, [
      'idle',
      'cannotAnswer',
    ]);
    await ask(editor, storyfile.id, BORN);
    await ask(editor, storyfile.id, 'What is the capital of Peru?');
    const overview = await reader.expectStatus<TrainingOverview>(
      200,
      'GET',
      `${base(storyfile.id)}/overview`,
    );
    expect(overview).toMatchObject({
      questionCount: 4,
      unrecordedCount: 1,
      queuedToRecordCount: 0,
      missingClips: ['intro', 'pleaseRepeat'],
      last7Days: { days: 7, asked: 2, answered: 1, fellBack: 1 },
      last30Days: { days: 30, asked: 2, answered: 1, fellBack: 1 },
      openReviewCount: 2,
      openGroupCount: 1,
      isThresholdAutomatic: true,
    });
    expect(overview.threshold).toBeGreaterThan(0);
    expect((await outsider.get(`${base(storyfile.id)}/overview`)).status).toBe(404);
  });
});
