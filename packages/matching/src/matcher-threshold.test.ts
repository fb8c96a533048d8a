import { describe, expect, it } from 'vitest';
import { createMatcher } from './matcher.ts';
import type { AnswerInput, Confidence } from './types.ts';
import { STORYFILE, buildMatcher } from './matcher.fixtures.ts';

describe('threshold', () => {
  it.each([
    [0, 'answer'],
    [0.99, 'fallback'],
  ])('a storyfile threshold of %s decides "%s"', (threshold, kind) => {
    const matcher = buildMatcher(STORYFILE, { threshold });
    expect(matcher.match('where did you grow up').decision.kind).toBe(kind);
  });

  it.each<[number, Confidence]>([
    [0.4, 'paraphrase'],
    [0.7, 'low'],
    [0.99, 'off-topic'],
  ])('at threshold %s a 0.47 match (no contrast) is %s', (threshold, confidence) => {
    const matcher = buildMatcher(STORYFILE, { threshold, tuning: { contrastWeight: 0 } });
    const [top] = matcher.match('where did you grow up').candidates;
    expect(top?.score).toBeCloseTo(0.47, 2);
    expect(top?.confidence).toBe(confidence);
  });

  it.each([0, 0.5, 1])(
    'contrast %s: the best gains weight × its lead over the second, the others lose their gap to the first, the order stays',
    (contrastWeight) => {
      const raw = buildMatcher(STORYFILE, { threshold: 0, tuning: { contrastWeight: 0 } });
      const contrasted = buildMatcher(STORYFILE, { threshold: 0, tuning: { contrastWeight } });
      const question = 'which city do you have kids in';
      const before = raw.match(question).candidates;
      const after = contrasted.match(question).candidates;
      expect(before.length).toBeGreaterThanOrEqual(3);
      expect(after.map((candidate) => candidate.answerId)).toEqual(
        before.map((candidate) => candidate.answerId),
      );
      const [first, second] = before.map((candidate) => candidate.score);
      after.forEach((candidate, i) => {
        const score = before[i]!.score;
        const other = i === 0 ? second! : first!;
        const expected = Math.min(1, Math.max(0, score + contrastWeight * (score - other)));
        expect(candidate.score).toBeCloseTo(expected, 5);
      });
    },
  );

  it.each([-0.1, 1.5, Number.NaN])('rejects %s', (threshold) => {
    expect(() => createMatcher({ threshold })).toThrow(RangeError);
    expect(() => createMatcher().setThreshold(threshold)).toThrow(RangeError);
  });

  it('can be changed on a live matcher', () => {
    const matcher = buildMatcher();
    matcher.setThreshold(0.5);
    expect(matcher.getThreshold()).toBe(0.5);
  });
});

describe('automatic threshold on a large script', () => {
  // 500 answers × 2 phrasings: at RECALIBRATION_MIN_PHRASINGS, so 1% (10 phrasings) may drift.
  const TOPICS = ['garden', 'violin', 'harbor', 'orchard', 'railway', 'bakery', 'glacier', 'chess'];
  const DETAILS = ['first', 'last', 'best', 'worst', 'early', 'late', 'happy', 'strange', 'quiet'];
  const script: AnswerInput[] = Array.from({ length: 500 }, (_, index) => {
    const topic = TOPICS[index % TOPICS.length]!;
    const detail = DETAILS[Math.floor(index / TOPICS.length) % DETAILS.length]!;
    return {
      id: `answer-${String(index).padStart(3, '0')}`,
      question: `What was the ${detail} ${topic} number ${index}?`,
      alternates: [`Tell me the ${detail} ${topic} story ${index}`],
    };
  });
  const withAlternates = (answer: AnswerInput, extra: string[]): AnswerInput => ({
    ...answer,
    alternates: [...(answer.alternates ?? []), ...extra],
  });

  it(
    'keeps its calibration through a small review round (the new phrasing answers at once), and ' +
      'recalibrates as a fresh build would once edits pass 1% of the phrasings',
    () => {
      const matcher = buildMatcher(script);
      const report = matcher.getThresholdReport();
      expect(report.source).toBe('auto');
      const edited = withAlternates(script[0]!, ['what about the zeppelin', 'any zeppelin tales']);
      matcher.upsertAnswer(edited);
      expect(matcher.match('what about the zeppelin').decision).toEqual({
        kind: 'answer',
        answerId: 'answer-000',
      });
      expect(matcher.getThresholdReport()).toBe(report);
      // A trial change undone (the preview) leaves no drift either.
      matcher.upsertAnswer(withAlternates(script[1]!, ['a trial phrasing about kites']));
      matcher.upsertAnswer(script[1]!);
      expect(matcher.getThresholdReport()).toBe(report);
      // Nine more phrasings: 11 differ from the calibrated script, past its budget of 10.
      const more = script
        .slice(2, 11)
        .map((answer, index) => withAlternates(answer, [`an airship question ${index}`]));
      more.forEach((answer) => matcher.upsertAnswer(answer));
      const recalibrated = matcher.getThresholdReport();
      expect(recalibrated).not.toBe(report);
      const fresh = buildMatcher([edited, script[1]!, ...more, ...script.slice(11)]);
      expect(recalibrated).toEqual(fresh.getThresholdReport());
    },
    120_000,
  );

  it('recalibrates after new categories whatever the drift', () => {
    const matcher = buildMatcher(script);
    const report = matcher.getThresholdReport();
    matcher.setCategories([{ id: 'music', name: 'music', phrases: ['violin', 'fiddle'] }]);
    expect(matcher.getThresholdReport()).not.toBe(report);
  }, 120_000);
});
