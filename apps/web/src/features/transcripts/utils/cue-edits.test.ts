import type { CaptionCue } from '@conversa/contracts';
import { describe, expect, it } from 'vitest';
import { findCueAt, formatCueTime, mergeWithNext, nudgeCue, splitCue } from './cue-edits';

const CUES: CaptionCue[] = [
  { startMs: 1_000, endMs: 3_000, text: 'abc defgh' },
  { startMs: 3_500, endMs: 5_000, text: 'next one' },
];

describe('splitCue', () => {
  it('shares the time out by the words on each side of the caret', () => {
    expect(splitCue(CUES, 0, 3)).toEqual([
      { startMs: 1_000, endMs: 1_750, text: 'abc' },
      { startMs: 1_750, endMs: 3_000, text: 'defgh' },
      CUES[1],
    ]);
  });

  it.each([
    ['at the start', 0],
    ['at the end', 9],
  ])('refuses a caret %s (one side would have no words)', (_, caret) => {
    expect(splitCue(CUES, 0, caret)).toBeNull();
  });

  // Issue 54, item 2: Split cut "all" into "a" / "ll".
  it.each([
    ['nearer its start', 4, 'We', 'all went home'],
    ['nearer its end', 5, 'We all', 'went home'],
  ])('moves a caret inside a word to the word boundary %s', (_, caret, before, after) => {
    const cues = [{ startMs: 0, endMs: 4_000, text: 'We all went home' }];
    expect(splitCue(cues, 0, caret)!.map((cue) => cue.text)).toEqual([before, after]);
  });

  it('takes the boundary on the side that leaves words on both', () => {
    const cues = [{ startMs: 0, endMs: 4_000, text: 'all the way' }];
    expect(splitCue(cues, 0, 1)!.map((cue) => cue.text)).toEqual(['all', 'the way']);
  });

  it('refuses to cut a caption of one word', () => {
    expect(splitCue([{ startMs: 0, endMs: 4_000, text: 'wonderful' }], 0, 3)).toBeNull();
  });

  it('refuses a caption too short to cut', () => {
    expect(splitCue([{ startMs: 0, endMs: 150, text: 'a b' }], 0, 1)).toBeNull();
  });
});

describe('mergeWithNext', () => {
  it("joins the words, from the first's start to the next's end", () => {
    expect(mergeWithNext(CUES, 0)).toEqual([
      { startMs: 1_000, endMs: 5_000, text: 'abc defgh next one' },
    ]);
  });

  it.each([
    ['a comma', 'We walked', ', then ran', 'We walked, then ran'],
    ['a full stop', 'We walked', '. Then ran', 'We walked. Then ran'],
    ['a hyphen', 'well-', 'known', 'well-known'],
    ['a space already there', 'We walked ', 'home', 'We walked home'],
  ])('invents no space before or after %s', (_, first, second, merged) => {
    const cues = [
      { startMs: 0, endMs: 1_000, text: first },
      { startMs: 1_000, endMs: 2_000, text: second },
    ];
    expect(mergeWithNext(cues, 0)![0]!.text).toBe(merged);
  });

  it('has nothing to merge at the last caption', () => {
    expect(mergeWithNext(CUES, 1)).toBeNull();
  });
});

describe('nudgeCue', () => {
  it.each([
    ['start', -100, { startMs: 900, endMs: 3_000 }],
    ['start', 100, { startMs: 1_100, endMs: 3_000 }],
    ['end', 100, { startMs: 1_000, endMs: 3_100 }],
    ['end', -100, { startMs: 1_000, endMs: 2_900 }],
  ] as const)('moves the %s by %i ms', (edge, delta, times) => {
    expect(nudgeCue(CUES, 0, edge, delta)![0]).toEqual({ ...CUES[0], ...times });
  });

  it('stops at the neighbours and at the video start, and keeps a caption 100 ms long', () => {
    expect(nudgeCue(CUES, 0, 'end', 600)![0]!.endMs).toBe(3_500);
    expect(nudgeCue(CUES, 1, 'start', -600)![1]!.startMs).toBe(3_000);
    expect(nudgeCue(CUES, 0, 'start', -2_000)![0]!.startMs).toBe(0);
    expect(nudgeCue(CUES, 0, 'start', 5_000)![0]!.startMs).toBe(2_900);
    expect(nudgeCue([{ startMs: 0, endMs: 100, text: 'a' }], 0, 'start', -100)).toBeNull();
  });
});

describe('findCueAt and formatCueTime', () => {
  it.each([
    [999, -1],
    [1_000, 0],
    [2_999, 0],
    [3_000, -1],
    [4_000, 1],
  ])('at %i ms plays caption %i', (ms, index) => {
    expect(findCueAt(CUES, ms)).toBe(index);
  });

  it.each([
    [0, '0:00.0'],
    [2_450, '0:02.5'],
    [61_000, '1:01.0'],
    [600_000, '10:00.0'],
  ])('%i ms reads %s', (ms, text) => {
    expect(formatCueTime(ms)).toBe(text);
  });
});
