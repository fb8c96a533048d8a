import { describe, expect, it } from 'vitest';
import type { TrainingOverview } from '@conversa/contracts';
import { buildChecklist, describeWindow } from './instructions';

const OVERVIEW: TrainingOverview = {
  storyfileId: 's-1',
  questionCount: 10,
  unrecordedCount: 3,
  queuedToRecordCount: 1,
  missingClips: ['intro', 'pleaseRepeat'],
  last7Days: { days: 7, asked: 8, answered: 6, fellBack: 2 },
  last30Days: { days: 30, asked: 0, answered: 0, fellBack: 0 },
  openReviewCount: 5,
  openGroupCount: 2,
  threshold: 0.1978,
  isThresholdAutomatic: true,
};

describe('buildChecklist', () => {
  it('turns the numbers into next steps with links', () => {
    const steps = buildChecklist(OVERVIEW);
    expect(steps.map((step) => [step.title, step.isDone, step.href])).toEqual([
      ['Record answers for 3 questions', false, '/storyfiles/s-1?tab=record'],
      ['Record the missing clips: Intro, Please repeat', false, '/storyfiles/s-1?tab=record'],
      ['Review 5 open questions in 2 groups', false, '/training/response_quality?storyfileId=s-1'],
      [
        'Coverage: 75% answered, 25% fell back (8 questions, last 7 days)',
        false,
        '/training/chat_logs?storyfileId=s-1',
      ],
      ['Out-of-scope threshold 0.20 (automatic)', true, '/storyfiles/s-1?tab=settings'],
    ]);
  });

  it('says when a step is done', () => {
    const steps = buildChecklist({
      ...OVERVIEW,
      unrecordedCount: 0,
      missingClips: [],
      openReviewCount: 0,
    });
    expect(steps.slice(0, 3).map((step) => [step.title, step.isDone])).toEqual([
      ['Every question has a recorded answer', true],
      ['All four clips are recorded', true],
      ['No questions wait for review', true],
    ]);
  });

  it('names no groups before the questions are grouped (issue 44: "in 0 groups")', () => {
    const steps = buildChecklist({ ...OVERVIEW, openReviewCount: 2, openGroupCount: 0 });
    expect(steps[2]!.title).toBe('Review 2 open questions');
    expect(buildChecklist({ ...OVERVIEW, openReviewCount: 1, openGroupCount: 1 })[2]!.title).toBe(
      'Review 1 open question in 1 group',
    );
  });
});

describe('describeWindow', () => {
  it('rounds the shares so they add up to 100%', () => {
    expect(describeWindow({ days: 7, asked: 8, answered: 3, fellBack: 5 })).toBe(
      '38% answered, 62% fell back (8 questions, last 7 days)',
    );
  });

  it('says so when nobody asked', () => {
    expect(describeWindow(OVERVIEW.last30Days)).toBe('no questions in the last 30 days');
  });
});
