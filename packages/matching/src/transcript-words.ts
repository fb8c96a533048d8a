// The transcripts' content words as an inverted index: each stem's postings (the answers whose
// transcript uses it, by slot, with how often) in the matcher's posting pool. One map of a
// storyfile's stems replaces a map of stems per transcript: 0.4 MB at 300 answers with transcripts,
// where those maps took 1.2 MB (issue 69).
import { createPostingPool } from './posting-pool.ts';

export interface TranscriptWords {
  /** Indexes a transcript's stems (each once, with how often it uses it) under its answer's slot. */
  add(slot: number, stems: readonly string[], counts: ArrayLike<number>): void;
  /** Removes what `add` indexed for this slot and these stems. */
  remove(slot: number, stems: readonly string[]): void;
  /** How many transcripts use the stem. */
  countTranscripts(stem: string): number;
  /** Calls `visit` with each transcript using the stem: its answer's slot and its count. */
  forEachUse(stem: string, visit: (slot: number, count: number) => void): void;
  /** Gives back the room indexing grew by doubling (`PostingPool.compact`), when it is most. */
  compact(): void;
}

/** A text's stems each once, in the order they first appear, with how often it uses each. */
export function countStems(stems: readonly string[]): { stems: string[]; counts: Int32Array } {
  const counted = new Map<string, number>();
  for (const stem of stems) {
    counted.set(stem, (counted.get(stem) ?? 0) + 1);
  }
  return { stems: [...counted.keys()], counts: Int32Array.from(counted.values()) };
}

export function createTranscriptWords(): TranscriptWords {
  const ids = new Map<string, number>();
  const pool = createPostingPool();

  return {
    add(slot, stems, counts) {
      for (let i = 0; i < stems.length; i++) {
        const stem = stems[i]!;
        let id = ids.get(stem);
        if (id === undefined) {
          id = ids.size;
          ids.set(stem, id);
        }
        pool.append(id, slot, counts[i]!);
      }
    },
    remove(slot, stems) {
      for (const stem of new Set(stems)) {
        const id = ids.get(stem);
        if (id !== undefined) {
          pool.remove(id, slot);
        }
      }
    },
    countTranscripts(stem) {
      const id = ids.get(stem);
      return id === undefined ? 0 : (pool.lengths[id] ?? 0);
    },
    forEachUse(stem, visit) {
      const id = ids.get(stem);
      if (id === undefined) {
        return;
      }
      const start = pool.starts[id]!;
      const end = start + pool.lengths[id]!;
      const { slots, counts } = pool;
      for (let at = start; at < end; at++) {
        visit(slots[at]!, counts[at]!);
      }
    },
    compact() {
      if (pool.countSpare() > pool.slots.length / 2) {
        pool.compact();
      }
    },
  };
}
