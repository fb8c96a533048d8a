import { describe, expect, it } from 'vitest';
import { createTranscriptWords } from './transcript-words.ts';

function uses(words: ReturnType<typeof createTranscriptWords>, stem: string): [number, number][] {
  const found: [number, number][] = [];
  words.forEachUse(stem, (slot, count) => found.push([slot, count]));
  return found.sort((a, b) => a[0] - b[0]);
}

describe("the transcripts' words", () => {
  it('counts each stem once per transcript, with how often the transcript uses it', () => {
    const words = createTranscriptWords();
    words.add(0, ['farm', 'cow', 'farm']);
    words.add(3, ['cow']);
    expect(words.countTranscripts('cow')).toBe(2);
    expect(words.countTranscripts('farm')).toBe(1);
    expect(words.countTranscripts('tractor')).toBe(0);
    expect(uses(words, 'farm')).toEqual([[0, 2]]);
    expect(uses(words, 'cow')).toEqual([
      [0, 1],
      [3, 1],
    ]);
  });

  it('forgets a removed transcript, and keeps the rest through compaction', () => {
    const words = createTranscriptWords();
    for (let slot = 0; slot < 50; slot++) {
      words.add(slot, ['common', `own${slot}`]);
    }
    words.remove(7, ['common', 'own7']);
    words.compact();
    expect(words.countTranscripts('common')).toBe(49);
    expect(uses(words, 'own7')).toEqual([]);
    expect(uses(words, 'own8')).toEqual([[8, 1]]);
    words.add(7, ['common']);
    expect(words.countTranscripts('common')).toBe(50);
  });
});
