import { describe, expect, it } from 'vitest';
import { fitWordsToPauses } from './word-pauses.ts';

const word = (text: string, startMs: number, endMs: number) => ({
  text,
  startMs,
  endMs,
  confidence: 0.9,
});

describe("Whisper's word times fitted to the recording's pauses", () => {
  it('starts a word after a pause when the speech comes back, and ends one when it stopped', () => {
    const pauses = [{ startMs: 1_000, endMs: 1_600 }];
    const fitted = fitWordsToPauses(
      [word('farm.', 600, 1_300), word('We', 1_300, 1_800), word('had', 1_800, 2_000)],
      pauses,
    );

    expect(fitted).toEqual([
      word('farm.', 600, 1_000),
      word('We', 1_600, 1_800),
      word('had', 1_800, 2_000),
    ]);
  });

  it('leaves words alone away from pauses, inside one, or further than a word from its edge', () => {
    const words = [word('a', 0, 400), word('hum', 1_100, 1_200), word('long', 2_000, 3_400)];

    expect(fitWordsToPauses(words, [{ startMs: 1_000, endMs: 1_500 }])).toEqual(words);
    // 1.2 s from the pause's end is not a word absorbing silence: the times stay.
    expect(fitWordsToPauses([word('so', 500, 3_000)], [{ startMs: 400, endMs: 1_700 }])).toEqual([
      word('so', 500, 3_000),
    ]);
  });
});
