// What a storyfile's visitors asked, unlabelled (issue 50, `src/visitor-log.ts`): a word most of
// them use stops deciding, an answer close to everything they ask loses its lead, a log of fewer
// than `visitorLogMinQuestions` questions changes nothing, and a log is part of what a trained
// state is exported for.
import { describe, expect, it } from 'vitest';
import { createMatcher, DEFAULT_TUNING } from './index.ts';
import type { AnswerInput, Embedder, Matcher } from './index.ts';

/** A COVID FAQ scripted as its authors write it: "COVID-19", once "coronavirus". */
const FAQ: AnswerInput[] = [
  { id: 'what-is', question: 'What is a coronavirus?' },
  { id: 'spread', question: 'How does COVID-19 spread between people?' },
  { id: 'pets', question: 'Can my dog catch COVID-19?' },
  { id: 'masks', question: 'Should I wear a mask outside?' },
  { id: 'vaccine', question: 'When can I get the COVID-19 vaccine?' },
  { id: 'symptoms', question: 'What are the first symptoms of COVID-19?' },
];

const TOPICS = ['fever', 'school', 'travel', 'cough', 'cure', 'origin', 'test', 'death', 'work'];
const PLACES = ['Ohio', 'Texas', 'India', 'Italy', 'China', 'Spain', 'Peru', 'Chile', 'Kenya'];

/** 162 distinct questions, every one of them saying "coronavirus" as visitors do. */
const VISITORS = TOPICS.flatMap((topic) =>
  PLACES.flatMap((place) => [
    `coronavirus ${topic} in ${place}`,
    `is there coronavirus ${topic} news from ${place}`,
  ]),
);

const ASKED = 'is coronavirus spreading';

function build(options: Parameters<typeof createMatcher>[0] = {}, log?: string[]): Matcher {
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
    const withLog = build({}, VISITORS);
    expect(without.match(ASKED).candidates[0]?.answerId).toBe('what-is');
    expect(withLog.match(ASKED).candidates[0]?.answerId).toBe('spread');
    expect(without.match('coronavirus symptoms').candidates[0]?.answerId).toBe('what-is');
    expect(withLog.match('coronavirus symptoms').candidates[0]?.answerId).toBe('symptoms');
  });

  it(`fewer than ${DEFAULT_TUNING.visitorLogMinQuestions} distinct questions change nothing`, () => {
    expect(DEFAULT_TUNING.visitorLogMinQuestions).toBe(100);
    const few = VISITORS.slice(0, 99);
    // Repeats and blanks are not questions of their own.
    const repeated = [...few, ...few, '  ', few[0]!];
    expect(scoresOf(build({}, repeated), ASKED)).toEqual(scoresOf(build(), ASKED));
    expect(scoresOf(build({}, [...few, VISITORS[99]!]), ASKED)).not.toEqual(
      scoresOf(build(), ASKED),
    );
  });

  it('a new log is a new calibration, the same as a matcher built with it', () => {
    const matcher = build();
    const before = matcher.getThresholdReport().threshold;
    matcher.setVisitorQuestions(VISITORS);
    const rebuilt = build({}, VISITORS);
    expect(matcher.getThresholdReport()).toEqual(rebuilt.getThresholdReport());
    expect(scoresOf(matcher, ASKED)).toEqual(scoresOf(rebuilt, ASKED));
    // Taking the log away gives back the matcher without one.
    matcher.setVisitorQuestions([]);
    expect(matcher.getThresholdReport().threshold).toBe(before);
    expect(scoresOf(matcher, ASKED)).toEqual(scoresOf(build(), ASKED));
  });

  it("a trained state carries the log's calibration to a matcher of the same script and log", () => {
    const trained = build({}, VISITORS);
    const expected = scoresOf(trained, ASKED);
    const restored = build({}, VISITORS);
    expect(restored.importTrained(trained.exportTrained())).toBe(true);
    expect(restored.getThresholdReport()).toEqual(trained.getThresholdReport());
    expect(scoresOf(restored, ASKED)).toEqual(expected);
  });
});

describe('what visitors asked, by sentence vectors', () => {
  // Dimension 0: "about the virus"; each other word its own dimension. The hub answer ("What is a
  // coronavirus?") is about the virus alone, so it sits close to every visitor's question.
  const WORDS = ['spread', 'dog', 'mask', 'vaccine', 'symptoms', 'home', ...TOPICS, ...PLACES];
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
    const plain = new Map(scoresOf(build({ embedder, tuning }), ASKED) as [string, number][]);
    const logged = new Map(
      scoresOf(build({ embedder, tuning }, VISITORS), ASKED) as [string, number][],
    );
    expect(build({ embedder, tuning }).match(ASKED).isSemantic).toBe(true);
    const leadWithout = plain.get('what-is')! - plain.get('pets')!;
    const leadWith = logged.get('what-is')! - logged.get('pets')!;
    expect(leadWith).toBeLessThan(leadWithout);
    // Off, the log changes nothing at all.
    const off = { ...tuning, visitorLogHubness: 0 };
    expect(scoresOf(build({ embedder, tuning: off }, VISITORS), ASKED)).toEqual(
      scoresOf(build({ embedder, tuning: off }), ASKED),
    );
  });
});
