import { describe, expect, it } from 'vitest';
import { countStems, createTranscriptWords } from './transcript-words.ts';

type TranscriptWords = ReturnType<typeof createTranscriptWords>;

/** Adds a transcript's stems as the transcript index does: counted first. */
function addStems(words: TranscriptWords, slot: number, stems: string[]): void {
  const counted = countStems(stems);
  words.add(slot, counted.stems, counted.counts);
}

function uses(words: TranscriptWords, stem: string): [number, number][] {
  const found: [number, number][] = [];
  words.forEachUse(stem, (slot, count) => found.push([slot, count]));
  return found.sort((a, b) => a[0] - b[0]);
}

describe("the transcripts' words", () => {
  it("counts a text's stems each once, in the order they first appear", () => {
    const counted = countStems(['farm', 'cow', 'farm', 'milk']);
    expect(counted.stems).toEqual(['farm', 'cow', 'milk']);
    expect([...counted.counts]).toEqual([2, 1, 1]);
  });

  it('counts each stem once per transcript, with how often the transcript uses it', () => {
    const words = createTranscriptWords();
    addStems(words, 0, ['farm', 'cow', 'farm']);
    addStems(words, 3, ['cow']);
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
      addStems(words, slot, ['common', `own${slot}`]);
    }
    words.remove(7, ['common', 'own7']);
    words.compact();
    expect(words.countTranscripts('common')).toBe(49);
    expect(uses(words, 'own7')).toEqual([]);
    expect(uses(words, 'own8')).toEqual([[8, 1]]);
    addStems(words, 7, ['common']);
    expect(words.countTranscripts('common')).toBe(50);
  });
});
