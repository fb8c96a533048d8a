// What a storyfile's visitors asked, unlabelled (issue 50, `src/visitor-log.ts`): a word most of
// them use stops deciding, an answer close to everything they ask loses its lead, a log of fewer
// than `visitorLogMinQuestions` questions changes nothing, and a log is part of what a trained
// state is exported for.
import { describe, expect, it } from 'vitest';
import { createMatcher, DEFAULT_TUNING } from './index.ts';
import type { AnswerInput, Embedder, Matcher } from './index.ts';
import {
  ASKED_SPREADING,
  CORONAVIRUS_VISITORS,
  COVID_FAQ,
  VISITOR_PLACES,
  VISITOR_TOPICS,
} from './fixtures/covid-faq.ts';

const FAQ: AnswerInput[] = Object.entries(COVID_FAQ).map(([id, question]) => ({ id, question }));

function build(
  options: Parameters<typeof createMatcher>[0] = {},
  log?: readonly string[],
): Matcher {
  const matcher = createMatcher(options);
  for (const answer of FAQ) {
    matcher.upsertAnswer(answer);
  }
  if (log) {
    matcher.setVisitorQuestions(log);
  }
  return matcher;
}

const scoresOf = (matcher: Matcher, text: string) =>
  matcher.match(text, { limit: 6 }).candidates.map(({ answerId, score }) => [answerId, score]);

describe('what visitors asked, by words', () => {
  it('a word most visitors use no longer decides: the answer that names it loses its lead', () => {
    const without = build();
    const withLog = build({}, CORONAVIRUS_VISITORS);
    expect(without.match(ASKED_SPREADING).candidates[0]?.answerId).toBe('whatIs');
    expect(withLog.match(ASKED_SPREADING).candidates[0]?.answerId).toBe('spread');
    expect(without.match('coronavirus symptoms').candidates[0]?.answerId).toBe('whatIs');
    expect(withLog.match('coronavirus symptoms').candidates[0]?.answerId).toBe('symptoms');
  });

  it(`fewer than ${DEFAULT_TUNING.visitorLogMinQuestions} distinct questions change nothing`, () => {
    expect(DEFAULT_TUNING.visitorLogMinQuestions).toBe(100);
    const few = CORONAVIRUS_VISITORS.slice(0, 99);
    // Repeats and blanks are not questions of their own.
    const repeated = [...few, ...few, '  ', few[0]!];
    expect(scoresOf(build({}, repeated), ASKED_SPREADING)).toEqual(
      scoresOf(build(), ASKED_SPREADING),
    );
    expect(scoresOf(build({}, [...few, CORONAVIRUS_VISITORS[99]!]), ASKED_SPREADING)).not.toEqual(
      scoresOf(build(), ASKED_SPREADING),
    );
  });

  it('a new log is a new calibration, the same as a matcher built with it', () => {
    const matcher = build();
    const before = matcher.getThresholdReport().threshold;
    matcher.setVisitorQuestions(CORONAVIRUS_VISITORS);
    const rebuilt = build({}, CORONAVIRUS_VISITORS);
    expect(matcher.getThresholdReport()).toEqual(rebuilt.getThresholdReport());
    expect(scoresOf(matcher, ASKED_SPREADING)).toEqual(scoresOf(rebuilt, ASKED_SPREADING));
    // Taking the log away gives back the matcher without one.
    matcher.setVisitorQuestions([]);
    expect(matcher.getThresholdReport().threshold).toBe(before);
    expect(scoresOf(matcher, ASKED_SPREADING)).toEqual(scoresOf(build(), ASKED_SPREADING));
  });

  it("a trained state carries the log's calibration to a matcher of the same script and log", () => {
    const trained = build({}, CORONAVIRUS_VISITORS);
    const expected = scoresOf(trained, ASKED_SPREADING);
    const restored = build({}, CORONAVIRUS_VISITORS);
    expect(restored.importTrained(trained.exportTrained())).toBe(true);
    expect(restored.getThresholdReport()).toEqual(trained.getThresholdReport());
    expect(scoresOf(restored, ASKED_SPREADING)).toEqual(expected);
  });
});

describe('what visitors asked, by sentence vectors', () => {
  // Dimension 0: "about the virus"; each other word its own dimension. The hub answer ("What is a
  // coronavirus?") is about the virus alone, so it sits close to every visitor's question.
  const WORDS = [
    'spread',
    'dog',
    'mask',
    'vaccine',
    'symptoms',
    'home',
    ...VISITOR_TOPICS,
    ...VISITOR_PLACES,
  ];
  const embedder: Embedder = {
    embed(text) {
      const lower = text.toLowerCase();
      const vector = new Float32Array(WORDS.length + 2);
      vector[0] = /coronavirus|covid/.test(lower) ? 2 : 0;
      WORDS.forEach((word, i) => {
        vector[i + 1] = lower.includes(word.toLowerCase()) ? 1 : 0;
      });
      // Everything else (the built-in off-topic questions): a direction of its own.
      vector[WORDS.length + 1] = 0.5;
      return vector;
    },
  };
  // The words' own weights off: only the vectors' part moves.
  const tuning = { visitorLogRarity: 0 };

  it('an answer close to everything visitors ask loses part of its semantic lead, and only that', () => {
    const plain = new Map(
      scoresOf(build({ embedder, tuning }), ASKED_SPREADING) as [string, number][],
    );
    const logged = new Map(
      scoresOf(build({ embedder, tuning }, CORONAVIRUS_VISITORS), ASKED_SPREADING) as [
        string,
        number,
      ][],
    );
    expect(build({ embedder, tuning }).match(ASKED_SPREADING).isSemantic).toBe(true);
    const leadWithout = plain.get('whatIs')! - plain.get('pets')!;
    const leadWith = logged.get('whatIs')! - logged.get('pets')!;
    expect(leadWith).toBeLessThan(leadWithout);
    // Off, the log changes nothing at all.
    const off = { ...tuning, visitorLogHubness: 0 };
    expect(
      scoresOf(build({ embedder, tuning: off }, CORONAVIRUS_VISITORS), ASKED_SPREADING),
    ).toEqual(scoresOf(build({ embedder, tuning: off }), ASKED_SPREADING));
  });
});
