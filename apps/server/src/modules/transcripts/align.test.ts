import { describe, expect, it } from 'vitest';
import type { CaptionCue } from '@conversa/contracts';
import { alignEditedCues } from './align.ts';
import { createAlignmentWork, MAX_ALIGNMENT_CELLS } from './align-words.ts';

// Issue 53, item 3: a save of 5,000 captions re-timed with `timing: 'align'` held the event loop
// for 6.5 s (each caption walked every word of the transcript, and the alignment was quadratic up
// to its cap). The work is counted here, never timed.

const WORDS = ['alpha', 'bravo', 'charlie', 'delta', 'echo', 'foxtrot', 'golf', 'hotel'];
const wordAt = (index: number) => `${WORDS[index % WORDS.length]}${Math.floor(index / 8)}`;

/** A long recording: `count` heard words, 400 ms apart, in cues of three words. */
function recording(count: number) {
  const heard = Array.from({ length: count }, (_, index) => ({
    text: wordAt(index),
    startMs: index * 400,
    endMs: index * 400 + 300,
    confidence: 0.9,
  }));
  const cues: CaptionCue[] = [];
  for (let index = 0; index < count; index += 3) {
    const words = heard.slice(index, index + 3);
    cues.push({
      startMs: words[0]!.startMs,
      endMs: words.at(-1)!.endMs,
      text: words.map((word) => word.text).join(' '),
    });
  }
  return { heard, cues };
}

describe('the work of re-timing a save', () => {
  it('5,000 changed captions of 20 characters cost linear steps and at most the cells cap', () => {
    const { heard } = recording(9_000);
    const edited = Array.from({ length: 5_000 }, (_, index) => ({
      startMs: index * 700,
      endMs: index * 700 + 600,
      text: `caption ${String(index).padStart(6, '0')} edit`,
    }));
    const work = createAlignmentWork();
    const aligned = alignEditedCues(edited, [], heard, work);
    expect(aligned).toHaveLength(5_000);
    expect(work.cells).toBeLessThanOrEqual(MAX_ALIGNMENT_CELLS);
    const words = 5_000 * 3;
    expect(work.steps).toBeGreaterThanOrEqual(words);
    expect(work.steps).toBeLessThanOrEqual(4 * (words + heard.length + edited.length));
    for (const cue of aligned) {
      expect(cue.endMs).toBeGreaterThan(cue.startMs);
    }
  });

  it('aligns only the captions that changed, each against the words between its unchanged neighbours', () => {
    const { heard, cues } = recording(9_000);
    const edited = cues.map((cue) => ({ ...cue }));
    // Words added at the start would shift a transcript-wide placement by position; a corrected
    // word far into it must still take the time of the word it replaced.
    edited[0] = { ...cues[0]!, text: `${'well '.repeat(60)}${cues[0]!.text}` };
    const fixed = cues[2_500]!;
    edited[2_500] = {
      ...fixed,
      startMs: fixed.startMs + 150,
      text: `corrected ${fixed.text.split(' ').slice(1).join(' ')}`,
    };
    const work = createAlignmentWork();
    const aligned = alignEditedCues(edited, cues, heard, work);
    expect(aligned[2_500]).toEqual({ ...fixed, text: edited[2_500].text });
    expect(aligned[0]!.startMs).toBe(0);
    expect(aligned[1]).toEqual(cues[1]);
    // Two runs of one caption each: (63 + 1) × (3 + 1) cells and (3 + 1) × (3 + 1), not 9,000².
    expect(work.cells).toBe(64 * 4 + 4 * 4);
  });

  it('places a run past the cells cap by position instead of aligning it', () => {
    const { heard, cues } = recording(6_000);
    const edited = cues.map((cue) => ({ ...cue, text: `${cue.text} too` }));
    const work = createAlignmentWork();
    const aligned = alignEditedCues(edited, cues, heard, work);
    expect(work.cells).toBe(0);
    expect(aligned[0]!.startMs).toBe(0);
    expect(aligned.at(-1)!.endMs).toBeLessThanOrEqual(heard.at(-1)!.endMs);
  });
});
