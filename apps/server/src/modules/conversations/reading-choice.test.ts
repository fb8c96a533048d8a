// Issue 42, item 1: the storyfile chooses among the recognizer's readings of a spoken question,
// weighing the recognizer's share of each with its match, not the first reading alone.
import { describe, expect, it } from 'vitest';
import { createMatcher } from '@conversa/matching';
import { getReadingTexts, measureDisagreement, READINGS_MATCHED } from './reading-choice.ts';
import { choose, hear, hearOnly } from './reading-choice.fixtures.ts';

function buildMatcher() {
  const matcher = createMatcher({ threshold: 0.35 });
  matcher.upsertAnswer({ id: 'food', question: 'What is your favourite food?' });
  matcher.upsertAnswer({ id: 'siblings', question: 'Do you have brothers or sisters?' });
  matcher.upsertAnswer({ id: 'born', question: 'Where were you born?' });
  matcher.upsertAnswer({ id: 'scuba', question: 'Have you ever been scuba diving?' });
  return matcher;
}

describe('chooseReading (reading choice for speech n-best)', () => {
  it('answers with a lower-ranked reading that matches the script when the first matches nothing', async () => {
    const matcher = buildMatcher();
    const first = 'what is your to did you to';
    expect(matcher.match(first).decision.kind).toBe('fallback');
    const choice = await choose(
      matcher,
      hear(0.62, [
        [first, 0.41],
        ['what is your favourite to did you to', 0.22],
        ['what is your favourite food', 0.09],
      ]),
    );
    expect(choice.rank).toBe(2);
    expect(choice.text).toBe('what is your favourite food');
    expect(choice.result.decision).toEqual({ kind: 'answer', answerId: 'food' });
    expect(choice.misheard).toBeNull();
  });

  it('keeps the first reading when it answers as well as a lower one', async () => {
    const choice = await choose(
      buildMatcher(),
      hear(0.9, [
        ['where were you born', 0.8],
        ['where were you bored', 0.2],
      ]),
    );
    expect(choice).toMatchObject({ rank: 0, text: 'where were you born', misheard: null });
  });

  it('applies the custom words\' "heard as" rules to every reading', async () => {
    const choice = await choose(
      buildMatcher(),
      hear(0.7, [
        ['have you ever been scooby driving', 0.6],
        ['have you ever been scooby die ving', 0.4],
      ]),
      [{ heardAs: 'scooby die ving', replacement: 'scuba diving' }],
    );
    expect(choice.result.decision).toEqual({ kind: 'answer', answerId: 'scuba' });
  });

  it('asks to repeat when no reading answers and the recognizer was unsure, or its readings disagree', async () => {
    const unsure = await choose(buildMatcher(), hearOnly('job you not be risk you would', 0.21));
    expect(unsure.misheard).toBe('not-confident');

    const disagree = await choose(
      buildMatcher(),
      hear(0.7, [
        ['do you hot abroad was also stars', 0.4],
        ['the you got a broad what all so start', 0.35],
        ['to hot brought wars also tarts', 0.25],
      ]),
    );
    expect(disagree.misheard).toBe('readings-disagree');
  });

  it('lets a question heard clearly that the script does not hold stand as off-script (cannot answer)', async () => {
    const choice = await choose(
      buildMatcher(),
      hear(0.85, [
        ['what is the capital of france', 0.7],
        ['what is a capital of france', 0.3],
      ]),
    );
    expect(choice.result.decision.kind).toBe('fallback');
    expect(choice.misheard).toBeNull();
  });

  // Issue 52, item 3: "How can I stop feeling seasick?" heard as "how can saw feelings the sea",
  // the recognizer sure of it, played the cannot-answer clip.
  it('asks to repeat a question that comes close to a script question on words it shares, however sure the recognizer was', async () => {
    const matcher = buildMatcher();
    matcher.upsertAnswer({ id: 'seasick', question: 'How can I stop feeling seasick?' });
    const choice = await choose(
      matcher,
      hear(0.8, [
        ['how can saw feelings the sea', 0.6],
        ['how can saw feeling the sea', 0.4],
      ]),
    );
    expect(choice.result.decision.kind).toBe('fallback');
    expect(choice.misheard).toBe('not-confident');
  });

  // Issue 52, item 3: in noise the recognizer hears script words it is unsure of and the reading
  // names the wrong question ("tell me about your hero when" for "Tell me about your parents.").
  it('asks to repeat a reading that answers when the recognizer was unsure of it (under 0.45), unless it is a phrasing word for word', async () => {
    const unsure = await choose(buildMatcher(), hearOnly('so where were you born then', 0.4));
    expect(unsure.result.decision).toEqual({ kind: 'answer', answerId: 'born' });
    expect(unsure.misheard).toBe('not-confident');

    const exact = await choose(buildMatcher(), hearOnly('where were you born', 0.4));
    expect(exact.misheard).toBeNull();

    const sure = await choose(buildMatcher(), hearOnly('so where were you born then', 0.46));
    expect(sure.misheard).toBeNull();
  });

  it('measures how far the readings disagree with the first', () => {
    expect(measureDisagreement([{ text: 'where were you born', share: 1 }])).toBe(0);
    expect(
      measureDisagreement([
        { text: 'where were you born', share: 0.5 },
        { text: 'where were you born', share: 0.5 },
      ]),
    ).toBe(0);
    expect(
      measureDisagreement([
        { text: 'where were you born', share: 0.5 },
        { text: 'who is the king', share: 0.5 },
      ]),
    ).toBe(1);
  });
});

describe('getReadingTexts (what a spoken question needs vectors for)', () => {
  it('gives the readings the choice weighs: the words and the first five alternatives, "heard as" applied, each once', () => {
    const alternatives = [
      'have you ever been scooby die ving',
      'have you ever been scooby die ving',
      'have you ever been scuba diving',
      'have you ever bean scooby',
      'have you ever been',
      'have you even been',
      'half you ever been',
      'have you heaven been',
    ].map((text, index) => ({ text, confidence: 0.5 / (index + 1) }));
    const texts = getReadingTexts({ text: alternatives[0]!.text, alternatives }, [
      { heardAs: 'scooby die ving', replacement: 'scuba diving' },
    ]);
    expect(READINGS_MATCHED).toBe(5);
    // The words are the first alternative too: six readings, four the same after "heard as".
    expect(texts).toEqual([
      'have you ever been scuba diving',
      'have you ever bean scooby',
      'have you ever been',
    ]);
  });
});
