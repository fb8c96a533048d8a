import { describe, expect, it } from 'vitest';
import { createMatcher } from './matcher.ts';
import type { Matcher } from './matcher.ts';
import { CINEMA, STORYFILE, wordVectors } from './matcher.fixtures.ts';
import { SCRIPT_INDEX_FORMAT } from './script-index.ts';
import type { AnswerInput } from './types.ts';

// A matcher's index of its script, stored and restored (issue 69): a matcher built again from it
// must score, calibrate and take edits exactly as the one that analysed its texts.

const SCRIPT: AnswerInput[] = STORYFILE.map((answer, i) => ({
  ...answer,
  ...(i % 3 === 2
    ? {}
    : { transcript: `About ${answer.question}  It was long ago.\nWe spoke of it.` }),
  ...(i === 1
    ? { learned: ['how did you earn your first money', 'What was your first job?'] }
    : {}),
}));
const QUESTIONS = [
  'Where were you born?',
  'any offspring?',
  'what flicks do you like',
  'Tell me about the army',
  'What is the capital of France?',
  'how did you earn your first money',
  'did you speak of it often',
];

function newMatcher(): Matcher {
  return createMatcher({ categories: [CINEMA], embedder: wordVectors() });
}

function answersOf(matcher: Matcher) {
  return QUESTIONS.map((question) => matcher.match(question, { limit: 10 }));
}

/** A matcher that analysed the script, and one built again from its index (stored as a clone). */
function analysedAndRestored(): { analysed: Matcher; restored: Matcher } {
  const analysed = newMatcher();
  expect(analysed.addScript(SCRIPT)).toBe(false);
  const restored = newMatcher();
  expect(restored.addScript(SCRIPT, structuredClone(analysed.exportIndex()))).toBe(true);
  return { analysed, restored };
}

describe('a matcher built again from its script\u2019s index', () => {
  it('scores, calibrates and decides exactly as the matcher that analysed the script', () => {
    const { analysed, restored } = analysedAndRestored();
    expect(answersOf(restored)).toEqual(answersOf(analysed));
    expect(restored.getThresholdReport()).toEqual(analysed.getThresholdReport());
    expect(restored.getDecisionReport()).toEqual(analysed.getDecisionReport());
    expect(restored.getEmbeddingState()).toEqual(analysed.getEmbeddingState());
    expect(restored.exportIndex()).toEqual(analysed.exportIndex());
  });

  it('takes edits afterwards as the other does', () => {
    const { analysed, restored } = analysedAndRestored();
    for (const matcher of [analysed, restored]) {
      matcher.upsertAnswer({ ...SCRIPT[0]!, alternates: ['Where is home for you?'] });
      matcher.upsertAnswer({ ...SCRIPT[3]!, transcript: 'Three grandchildren, all at school.' });
      matcher.removeAnswer(SCRIPT[6]!.id);
      matcher.upsertAnswer({ id: 'pets', question: 'Did you have a dog?' });
    }
    expect(answersOf(restored)).toEqual(answersOf(analysed));
    expect(restored.match('is home far away')).toEqual(analysed.match('is home far away'));
  });

  it('takes the texts as the index says, without reading them again', () => {
    const analysed = newMatcher();
    analysed.addScript(SCRIPT);
    const index = analysed.exportIndex();
    // The stored word "born" made "pizza": the restored matcher takes "Where were you pizza?" for
    // the first phrasing word for word, which only the stored index can have told it.
    index.textKeys = index.textKeys
      .split('\n')
      .map((key) => (key === 'born' ? 'pizza' : key))
      .join('\n');
    const restored = newMatcher();
    expect(restored.addScript(SCRIPT, index)).toBe(true);
    const question = 'Where were you pizza?';
    expect(restored.match(question).candidates[0]).toMatchObject({
      answerId: SCRIPT[0]!.id,
      confidence: 'exact',
    });
    expect(analysed.match(question).candidates[0]?.confidence).not.toBe('exact');
  });

  it('is not taken for another format, another shape of script, or a matcher holding answers', () => {
    const analysed = newMatcher();
    analysed.addScript(SCRIPT);
    const index = analysed.exportIndex();
    const expected = answersOf(analysed);
    const otherFormat = newMatcher();
    expect(otherFormat.addScript(SCRIPT, { ...index, format: SCRIPT_INDEX_FORMAT + 1 })).toBe(
      false,
    );
    expect(answersOf(otherFormat)).toEqual(expected);
    const moreAlternates = SCRIPT.map((answer, i) =>
      i === 4 ? { ...answer, alternates: ['What would you tell the young?'] } : answer,
    );
    const reference = newMatcher();
    reference.addScript(moreAlternates);
    const otherShape = newMatcher();
    expect(otherShape.addScript(moreAlternates, index)).toBe(false);
    expect(answersOf(otherShape)).toEqual(answersOf(reference));
    const holding = newMatcher();
    holding.upsertAnswer(SCRIPT[0]!);
    expect(holding.addScript(SCRIPT.slice(1), index)).toBe(false);
    expect(answersOf(holding)).toEqual(expected);
    const cut = newMatcher();
    expect(cut.addScript(SCRIPT, { ...index, featureIds: index.featureIds.slice(1) })).toBe(false);
    expect(answersOf(cut)).toEqual(expected);
  });

  it('holds the analysis this version makes (when it fails: bump SCRIPT_INDEX_FORMAT, then this)', () => {
    const matcher = createMatcher({ categories: [CINEMA] });
    matcher.addScript([
      {
        id: 'film',
        question: "What's your favourite film?",
        transcript:
          'I loved westerns. My brother and I watched them every Sunday, westerns and more westerns.',
      },
    ]);
    const index = matcher.exportIndex();
    expect(SCRIPT_INDEX_FORMAT).toBe(1);
    expect([...index.termIds]).toEqual([0, 1, 2, 3, 4]);
    expect(index.textKeys.split('\n')).toEqual([
      ...['what', 'is', 'your', 'favourit', '#cinema'],
      ...['what is', 'is your', 'your favourit', 'favourit #cinema'],
    ]);
    expect(index.charKeys).toHaveLength(54);
    expect([...index.charKeys.slice(0, 3)]).toEqual([-262041914, -934025046, -782805678]);
    expect(index.stems.split('\n')).toEqual([
      'love',
      'western',
      'brother',
      'watch',
      'everi',
      'sundai',
    ]);
    expect([...index.stemCounts]).toEqual([1, 3, 1, 1, 1, 1]);
    expect([...index.passageBounds]).toEqual([0, 89]);
  });
});
