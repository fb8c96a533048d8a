// Issue 50, "no wrong answer when unsure": play, ask back or fall back, by the storyfile's own bars.
import { describe, expect, it } from 'vitest';
import { decideOutcome, OFF_TOPIC_NEARER_MARGIN, playScoreOf } from './decision.ts';
import type { DecisionPolicy, Outcome, RankedAnswer } from './decision.ts';
import { chooseDecisionPolicy, DEFAULT_DECISION_TUNING } from './decision-calibration.ts';
import type { TopScore } from './decision-calibration.ts';

const POLICY: DecisionPolicy = {
  playAt: 0.6,
  sureAt: 0.6,
  offerAt: 0.3,
  offerBesideAt: 0.15,
  tieMargin: 0.04,
  leadWeight: 0,
  minPlayScore: 0.3,
};

function ranked(answerId: string, score: number, more: Partial<RankedAnswer> = {}): RankedAnswer {
  return { answerId, score, isRecorded: true, isExact: false, ...more };
}

describe('decideOutcome', () => {
  it.each<[string, RankedAnswer[], Outcome]>([
    ['nothing ranked: the fallback', [], { kind: 'fallback' }],
    [
      'a clear lead at the play bar: played',
      [ranked('a', 0.6), ranked('b', 0.3)],
      { kind: 'play', answerId: 'a' },
    ],
    ['alone above the play bar: played', [ranked('a', 0.9)], { kind: 'play', answerId: 'a' }],
    [
      'above the play bar but near-tied: asked which, never a coin toss',
      [ranked('a', 0.7), ranked('b', 0.68), ranked('c', 0.2)],
      {
        kind: 'ask',
        suggestions: [
          { answerId: 'a', score: 0.7 },
          { answerId: 'b', score: 0.68 },
          { answerId: 'c', score: 0.2 },
        ],
      },
    ],
    [
      'an exact phrasing plays even when another answer ties with it',
      [ranked('a', 0.8, { isExact: true }), ranked('b', 0.8)],
      { kind: 'play', answerId: 'a' },
    ],
    [
      'between the bars: asked back with at most three answers, however far below the best',
      [
        ranked('a', 0.5),
        ranked('b', 0.45),
        ranked('c', 0.35),
        ranked('d', 0.32),
        ranked('e', 0.29),
      ],
      {
        kind: 'ask',
        suggestions: [
          { answerId: 'a', score: 0.5 },
          { answerId: 'b', score: 0.45 },
          { answerId: 'c', score: 0.35 },
        ],
      },
    ],
    [
      'between the bars, the next below the offer bar and far below the best: offered beside it',
      [ranked('a', 0.55), ranked('b', 0.2), ranked('c', 0.14)],
      {
        kind: 'ask',
        suggestions: [
          { answerId: 'a', score: 0.55 },
          { answerId: 'b', score: 0.2 },
        ],
      },
    ],
    [
      'between the bars, the others below the bar beside it: only the best is offered',
      [ranked('a', 0.55), ranked('b', 0.14)],
      { kind: 'ask', suggestions: [{ answerId: 'a', score: 0.55 }] },
    ],
    [
      'below the offer bar: the fallback',
      [ranked('a', 0.29), ranked('b', 0.1)],
      { kind: 'fallback' },
    ],
    [
      'a best match without a video it is sure of: never played over, the caller falls back',
      [ranked('a', 0.9, { isRecorded: false }), ranked('b', 0.5)],
      { kind: 'fallback' },
    ],
    [
      'the exact phrasing of a question without a video: the fallback, nothing offered',
      [ranked('a', 0.4, { isRecorded: false, isExact: true }), ranked('b', 0.38)],
      { kind: 'fallback' },
    ],
    [
      'a best match without a video it is unsure of: the recorded answers among the first three are asked about',
      [
        ranked('a', 0.5, { isRecorded: false }),
        ranked('b', 0.48),
        ranked('c', 0.31),
        ranked('d', 0.3),
        ranked('e', 0.16),
      ],
      {
        kind: 'ask',
        suggestions: [
          { answerId: 'b', score: 0.48 },
          { answerId: 'c', score: 0.31 },
        ],
      },
    ],
    [
      // Issue 68: "How many siblings do you have?" was asked about "Do you have any pets?", 4th.
      'a best match without a video, the first recorded answer 4th: not a reading of the question, the fallback',
      [
        ranked('a', 0.5, { isRecorded: false }),
        ranked('b', 0.45, { isRecorded: false }),
        ranked('c', 0.4, { isRecorded: false }),
        ranked('d', 0.35),
      ],
      { kind: 'fallback' },
    ],
    [
      'unsure of a best match without a video, no recorded answer at the offer bar: the fallback',
      [ranked('a', 0.5, { isRecorded: false }), ranked('b', 0.29)],
      { kind: 'fallback' },
    ],
    [
      'an answer without a video below a recorded one is never offered',
      [ranked('a', 0.5), ranked('b', 0.49, { isRecorded: false }), ranked('c', 0.4)],
      {
        kind: 'ask',
        suggestions: [
          { answerId: 'a', score: 0.5 },
          { answerId: 'c', score: 0.4 },
        ],
      },
    ],
  ])('%s', (_name, answers, expected) => {
    expect(decideOutcome(answers, POLICY)).toEqual(expected);
  });

  it('is sure of a best match without a video by `sureAt`, of a recorded one by `playAt`', () => {
    // A script mostly unrecorded: its recorded answers play from a lower bar than it takes to be
    // sure what was asked.
    const sparse = { ...POLICY, playAt: 0.4, sureAt: 0.6 };
    expect(decideOutcome([ranked('a', 0.5), ranked('b', 0.35)], sparse)).toEqual({
      kind: 'play',
      answerId: 'a',
    });
    expect(
      decideOutcome([ranked('a', 0.5, { isRecorded: false }), ranked('b', 0.35)], sparse),
    ).toEqual({ kind: 'ask', suggestions: [{ answerId: 'b', score: 0.35 }] });
    expect(
      decideOutcome([ranked('a', 0.65, { isRecorded: false }), ranked('b', 0.35)], sparse),
    ).toEqual({ kind: 'fallback' });
  });

  it('asks nothing back of a question nearer the built-in off-topic questions than the script', () => {
    // Issue 68: "What is the capital of Australia?" was asked back with "Where were you born?".
    const between = [ranked('a', 0.5), ranked('b', 0.49)];
    const asked = {
      kind: 'ask',
      suggestions: [
        { answerId: 'a', score: 0.5 },
        { answerId: 'b', score: 0.49 },
      ],
    };
    expect(decideOutcome(between, POLICY, 3, OFF_TOPIC_NEARER_MARGIN + 0.01)).toEqual({
      kind: 'fallback',
    });
    expect(decideOutcome(between, POLICY, 3, OFF_TOPIC_NEARER_MARGIN - 0.01)).toEqual(asked);
    expect(decideOutcome(between, POLICY, 3, undefined)).toEqual(asked);
    // What plays still plays: the rule reads what is asked back only.
    expect(decideOutcome([ranked('a', 0.9)], POLICY, 3, 0.5)).toEqual({
      kind: 'play',
      answerId: 'a',
    });
  });

  it('offers no more than the limit, and nothing with a limit of 0', () => {
    const answers = [ranked('a', 0.5), ranked('b', 0.49), ranked('c', 0.48)];
    expect(decideOutcome(answers, POLICY, 1)).toEqual({
      kind: 'ask',
      suggestions: [{ answerId: 'a', score: 0.5 }],
    });
    expect(decideOutcome(answers, POLICY, 0)).toEqual({ kind: 'fallback' });
  });

  describe('a lead counts: play score = score + leadWeight × lead over the next recorded answer', () => {
    const leading = { ...POLICY, playAt: 0.9, leadWeight: 2, minPlayScore: 0.4 };

    it.each<[string, RankedAnswer[], Outcome['kind']]>([
      [
        '0.5 ahead by 0.25: 0.5 + 2 × 0.25 = 1.0, played',
        [ranked('a', 0.5), ranked('b', 0.25)],
        'play',
      ],
      ['0.5 ahead by 0.1: 0.7, asked back', [ranked('a', 0.5), ranked('b', 0.4)], 'ask'],
      [
        'the lead is over the next recorded answer: 0.5 + 2 × 0.1, asked back',
        [ranked('a', 0.5), ranked('b', 0.1, { isRecorded: false }), ranked('c', 0.4)],
        'ask',
      ],
      [
        'alone, its whole score is its lead: 0.35 × 3 = 1.05, but under the threshold: asked back',
        [ranked('a', 0.35)],
        'ask',
      ],
      ['0.45 alone: 1.35, played', [ranked('a', 0.45)], 'play'],
    ])('%s', (_name, answers, kind) => {
      expect(decideOutcome(answers, leading).kind).toBe(kind);
    });

    it('is the score itself with a weight of 0', () => {
      expect(playScoreOf(0.5, 0.25, 0)).toBe(0.5);
      expect(playScoreOf(0.5, 0.25, 2)).toBeCloseTo(1);
      expect(playScoreOf(0.5, undefined, 1)).toBe(1);
    });
  });

  it('an offer bar above the play bar is read as the play bar (nothing between them falls back)', () => {
    const policy = { ...POLICY, offerAt: 0.8 };
    expect(decideOutcome([ranked('a', 0.65), ranked('b', 0.64)], policy).kind).toBe('ask');
  });
});

describe('chooseDecisionPolicy', () => {
  // 20 neighbour questions scoring 0.95, 0.90, … 0.00; 100 off-topic ones scoring 0.00 … 0.99;
  // each ahead of the next answer by half its score.
  const top = (score: number): TopScore => ({ score, lead: score / 2 });
  const neighbours = Array.from({ length: 20 }, (_, i) => top(0.95 - i * 0.05));
  const offTopic = Array.from({ length: 100 }, (_, i) => top((99 - i) / 100));
  // The bars as scores alone (a lead weight of 0) and from the neighbours alone (every off-topic
  // question may play), as the table below reads them.
  const byScore = { ...DEFAULT_DECISION_TUNING, leadWeight: 0, playOffTopicRate: 1 };

  it.each<[string, number, number | 'auto', number, number]>([
    // name, threshold, setting, playAt, offerAt
    ['automatic: 8% of the neighbours may be played (1 of 20)', 0.3, 'auto', 0.9001, 0.3],
    ['a cautious point: none of the neighbours played', 0.3, 0, 0.9501, 0.3],
    ['a bold point: half of the neighbours played, never below the threshold', 0.6, 0.5, 0.6, 0.6],
    [
      'a threshold below the off-topic bar: offered down to the threshold',
      0.1,
      'auto',
      0.9001,
      0.1,
    ],
    [
      'a high threshold: offered down to the off-topic questions’ 15% bar',
      0.95,
      'auto',
      0.95,
      0.8401,
    ],
  ])('%s', (_name, threshold, setting, playAt, offerAt) => {
    const report = chooseDecisionPolicy({ neighbours, offTopic }, threshold, setting, byScore);
    const { offerBesideAt, ...bars } = report.policy;
    // Every answer recorded: being sure what was asked takes what playing takes.
    expect(bars).toEqual({
      playAt,
      sureAt: playAt,
      offerAt,
      tieMargin: DEFAULT_DECISION_TUNING.tieMargin,
      leadWeight: 0,
      minPlayScore: threshold,
    });
    // Answers beside the best are offered down to half the offer bar.
    expect(offerBesideAt).toBeCloseTo(offerAt / 2, 4);
  });

  it('plays from a lower bar where the best matches of the neighbours have no video', () => {
    // The ten highest neighbours' best matches are unrecorded (their best recorded answer: 0.1).
    const sparse = neighbours.map((own, i) =>
      i < 10 ? { score: 0.1, lead: 0, unrecorded: own } : own,
    );
    const report = chooseDecisionPolicy({ neighbours: sparse, offTopic }, 0.3, 'auto', byScore);
    // 8% of 20 may play: the second highest of those a recorded answer could play (0.4), and the
    // second highest of their best matches, recorded or not (0.9), to be sure what was asked.
    expect(report.policy).toMatchObject({ playAt: 0.4001, sureAt: 0.9001 });
    expect(report.preview.neighboursPlayed).toBeCloseTo(1 / 20);
  });

  it('previews what the point gives on the storyfile’s own questions', () => {
    const report = chooseDecisionPolicy({ neighbours, offTopic }, 0.3, 0.1, byScore);
    expect(report.playRisk).toBe(0.1);
    expect(report.preview.neighboursPlayed).toBeCloseTo(0.1);
    expect(report.preview.offTopicPlayed).toBeCloseTo(0.14);
    expect(report.preview.offTopicOffered).toBeCloseTo(0.56);
  });

  it('with too few neighbour questions to say anything, plays at the threshold', () => {
    const report = chooseDecisionPolicy(
      { neighbours: [top(0.9), top(0.8)], offTopic },
      0.3,
      'auto',
      byScore,
    );
    expect(report.policy.playAt).toBe(0.3);
  });

  it('with a lead weight, chooses the play bar from the neighbours’ play scores, and previews by them', () => {
    const tuning = { ...byScore, leadWeight: 2 };
    // Play scores 2 × score (score + 2 × score / 2): 1.9, 1.8, …; 5% of 20 is one above the bar.
    const report = chooseDecisionPolicy({ neighbours, offTopic }, 0.3, 0.05, tuning);
    expect(report.policy).toMatchObject({ playAt: 1.8001, leadWeight: 2, minPlayScore: 0.3 });
    expect(report.preview.neighboursPlayed).toBeCloseTo(0.05);
    // Off-topic questions of score ≥ 0.9001 play: 0.91 … 0.99.
    expect(report.preview.offTopicPlayed).toBeCloseTo(0.09);
  });

  it('never counts a near-tied neighbour among those that could play: it is asked back anyway', () => {
    const tied = neighbours.map((entry, index) => (index < 2 ? { ...entry, lead: 0.01 } : entry));
    const report = chooseDecisionPolicy({ neighbours: tied, offTopic }, 0.3, 0.05, byScore);
    // The two best are near-tied: the third best (0.85) is the one the 5% allows; 0.80 is the bar.
    expect(report.policy.playAt).toBe(0.8001);
    expect(report.preview.neighboursPlayed).toBeCloseTo(0.05);
  });

  it('plays at most 4% of the built-in off-topic questions, whatever the point', () => {
    expect(DEFAULT_DECISION_TUNING).toMatchObject({ playRisk: 0.08, playOffTopicRate: 0.04 });
    const bounded = { ...byScore, playOffTopicRate: DEFAULT_DECISION_TUNING.playOffTopicRate };
    for (const setting of ['auto', 0.5, 1] as const) {
      const report = chooseDecisionPolicy({ neighbours, offTopic }, 0.3, setting, bounded);
      // 4 of the 100 off-topic questions may play (0.99 … 0.96): the bar is just above 0.95.
      expect(report.policy.playAt).toBe(0.9501);
      expect(report.preview.offTopicPlayed).toBeCloseTo(0.04);
      expect(report.maxOffTopicPlayed).toBe(0.04);
    }
    // At the most cautious point the neighbours' bar (0.95 + 1e-4, none of them played) meets the
    // bound; where the off-topic questions score low, the neighbours alone decide.
    const strict = chooseDecisionPolicy({ neighbours, offTopic }, 0.3, 0, bounded);
    expect(strict.policy.playAt).toBe(0.9501);
    const offTopicBelow = offTopic.map((entry) => ({ ...entry, score: entry.score / 4 }));
    const report = chooseDecisionPolicy({ neighbours, offTopic: offTopicBelow }, 0.3, 0.5, bounded);
    expect(report.policy.playAt).toBe(0.4501);
  });

  it('refuses a point outside 0–1', async () => {
    const { assertPlayRisk } = await import('./decision-calibration.ts');
    expect(() => assertPlayRisk(1.5)).toThrow(RangeError);
    expect(() => assertPlayRisk(-0.1)).toThrow(RangeError);
    expect(assertPlayRisk('auto')).toBe('auto');
  });
});
