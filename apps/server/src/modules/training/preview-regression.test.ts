import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  describeAppliedReview,
  describeReviewPreview,
  describeThresholdMove,
  type AppliedReview,
  type ReviewPreview,
} from '@conversa/contracts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import { buildLabStoryfile, LAB, OWN_LAB } from '../../../test/lab-storyfile.fixtures.ts';

// Issue 28's silent regression: the automatic threshold moved (0.30 to 0.33 there) after one
// Correct match and one category, and "What's going on in your lab?", answered at 0.32, fell back
// while the preview said "1 from fallback to an answer, 0 from one answer to another". Here the same
// case on the Expert FAQ template with the owner's own question about their lab and one category:
// the automatic threshold is 0.2984 and the lab question is answered at 0.3222; one correct match
// moved the threshold to 0.3233 and the lab question fell back. The preview must say so, and say
// what then happens.

const FALLEN = 'What else should I ask you?';
const TARGET = 'What question do people ask you most often?';

let studio: TestStudio;

beforeAll(async () => {
  studio = await startTestStudio();
});

afterAll(async () => {
  await studio?.stop();
});

describe('a preview never hides a past question that would lose its answer', () => {
  it('counts and lists the question the automatic threshold moves to fallback, and the applied change says so', async () => {
    const { storyfile, owner, ids, ask } = await buildLabStoryfile(studio, 'expert');
    const lab = await ask(LAB);
    expect(lab).toMatchObject({
      decision: { kind: 'answer', questionId: ids[OWN_LAB] },
      threshold: 0.2984,
      score: 0.322191,
    });
    const fallen = await ask(FALLEN);
    expect(fallen.decision.kind).toBe('fallback');

    const change = { kind: 'correct', entryIds: [fallen.exchangeId], questionId: ids[TARGET] };
    const preview = await owner.expectStatus<ReviewPreview>(
      200,
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/training/preview`,
      change,
    );
    expect(preview).toMatchObject({
      examined: 2,
      fromFallback: 1,
      betweenAnswers: 0,
      threshold: { before: 0.2984, isAutomatic: true },
    });
    expect(preview.moves).toContainEqual({
      questionText: FALLEN,
      count: 1,
      before: { questionId: null, questionText: null },
      after: { questionId: ids[TARGET], questionText: TARGET },
    });
    // Previewing changed nothing.
    expect((await ask(LAB)).decision).toMatchObject({ kind: 'answer', questionId: ids[OWN_LAB] });

    const applied = await owner.expectStatus<AppliedReview>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${storyfile.id}/training/actions`,
      change,
    );
    // What the preview said is what happens: the lab question is listed as lost exactly when it
    // falls back once the change is applied. (Since the threshold's calibration at scale (issue 40)
    // this correction lowers the threshold here, 0.2984 to 0.2938, so the lab question keeps its
    // answer; the preview must then not list it either.)
    const after = await ask(LAB);
    const isLabLost = after.decision.kind === 'fallback';
    expect(after.threshold).toBe(preview.threshold.after);
    expect(preview.moves.some((move) => move.questionText === LAB)).toBe(isLabLost);
    expect(preview.toFallback).toBe(isLabLost ? 1 : 0);
    expect(preview.moved).toBe(isLabLost ? 2 : 1);
    expect(describeReviewPreview(preview)).toBe(
      `These changes move ${preview.moved} past question${preview.moved === 1 ? '' : 's'}: 1 from fallback to an answer, 0 from one answer to another, ${preview.toFallback} from an answer to fallback.`,
    );
    expect(describeThresholdMove(preview)).toMatch(/^The automatic threshold moves from 0\.30 to /);
    expect(applied.preview.fromFallback).toBe(1);
    expect(describeAppliedReview(applied.preview)).toMatch(
      /The automatic threshold moved from 0\.30 to /,
    );
    expect((await ask(FALLEN)).decision).toMatchObject({
      kind: 'answer',
      questionId: ids[TARGET],
    });
  }, 180_000);
});
