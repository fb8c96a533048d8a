import { describe, expect, it } from 'vitest';
import { OFF_TOPIC_QUESTIONS } from './off-topic-questions.ts';
import { STORYFILE, buildMatcher, wordVectors } from './matcher.fixtures.ts';
import type { TrainedState } from './matcher-trained.ts';

// What a matcher trained and calibrated, exported and imported into a matcher built afresh from
// the same script (issue 51): the import must score exactly as the trained matcher, without
// training or calibrating again.

// Every answer with a transcript, so that each has two rows and the classifier trains.
const SCRIPT = STORYFILE.map((answer) => ({
  ...answer,
  transcript: `I will tell you about ${answer.question.toLowerCase()} It was a long time ago. We talked about it often.`,
}));
const QUESTIONS = [
  'Where were you born?',
  'any offspring?',
  'what films do you like',
  'Tell me about the army',
  'What is the capital of France?',
  'how did your career start',
];

function trainedMatcher() {
  const matcher = buildMatcher(SCRIPT, { embedder: wordVectors() });
  matcher.match(QUESTIONS[0]!);
  return matcher;
}

describe('a matcher\u2019s trained state', () => {
  it('is its classifier\u2019s weights and its calibration, once it has scored with vectors', () => {
    const state = trainedMatcher().exportTrained();
    expect(state.classifier?.alpha.values).toBeInstanceOf(Int16Array);
    expect(state.classifier!.classes).toBe(SCRIPT.length);
    expect(state.calibrations).toHaveLength(1);
    expect(state.calibrations[0]!.isSemantic).toBe(true);
  });

  it('imported into a matcher of the same script, scores exactly as the trained one without training', () => {
    const trained = trainedMatcher();
    // Stored as a server stores it: a structured clone (typed arrays kept as such).
    const state = structuredClone(trained.exportTrained());
    const imported = buildMatcher(SCRIPT, { embedder: wordVectors() });
    expect(imported.importTrained(state)).toBe(true);
    for (const question of QUESTIONS) {
      expect(imported.match(question, { limit: 7 })).toEqual(trained.match(question, { limit: 7 }));
    }
    // Restored, not trained again: the same weights, by identity.
    expect(imported.exportTrained().classifier!.alpha).toBe(state.classifier!.alpha);
    expect(imported.getThresholdReport()).toEqual(trained.getThresholdReport());
    expect(imported.getDecisionReport()).toEqual(trained.getDecisionReport());
  });

  it('carries which built-in off-topic questions are on the script\u2019s subject, and the import reads them', () => {
    const trained = trainedMatcher();
    const state = structuredClone(trained.exportTrained());
    expect(state.onSubject).toBeInstanceOf(Uint8Array);
    expect(state.onSubject).toHaveLength(OFF_TOPIC_QUESTIONS.length);
    // Flags that call every built-in question on the subject leave none to be nearer to: the
    // import used them rather than scanning the script again.
    const everyOnSubject = buildMatcher(SCRIPT, { embedder: wordVectors() });
    everyOnSubject.importTrained({
      ...state,
      onSubject: new Uint8Array(OFF_TOPIC_QUESTIONS.length).fill(1),
    });
    const question = 'What is the capital of France?';
    const asTrained = trained.match(question);
    expect(asTrained.decision.kind).toBe('fallback');
    expect(asTrained.offTopicLead).toBeGreaterThan(-1);
    const read = everyOnSubject.match(question);
    expect(read.decision).toEqual(asTrained.decision);
    expect(read.offTopicLead).toBeLessThan(asTrained.offTopicLead! - 0.5);
  });

  it('gives way to training where the script changed after the import', () => {
    const state = trainedMatcher().exportTrained();
    const edited = [
      ...SCRIPT,
      { id: 'pets', question: 'Did you have pets?', alternates: ['Any dogs or cats?'] },
    ];
    const imported = buildMatcher(SCRIPT, { embedder: wordVectors() });
    imported.importTrained(state);
    imported.upsertAnswer(edited.at(-1)!);
    const fresh = buildMatcher(edited, { embedder: wordVectors() });
    for (const question of [...QUESTIONS, 'do you like dogs']) {
      expect(imported.match(question, { limit: 8 })).toEqual(fresh.match(question, { limit: 8 }));
    }
  });

  it('is trained instead when its classifier does not fit the script, and refused in another format', () => {
    const state = trainedMatcher().exportTrained();
    const smaller = SCRIPT.slice(1);
    const misfit = buildMatcher(smaller, { embedder: wordVectors() });
    misfit.importTrained({ ...state, calibrations: [] });
    const fresh = buildMatcher(smaller, { embedder: wordVectors() });
    for (const question of QUESTIONS) {
      expect(misfit.match(question)).toEqual(fresh.match(question));
    }
    const other: TrainedState = { ...state, format: state.format + 1 };
    expect(buildMatcher(SCRIPT, { embedder: wordVectors() }).importTrained(other)).toBe(false);
  });
});
