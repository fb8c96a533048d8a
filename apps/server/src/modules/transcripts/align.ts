import type { CaptionCue } from '@conversa/contracts';
import type { TimedWord } from '../speech/index.ts';

/** Above this many cells (edited words × heard words), words are placed by position instead. */
const MAX_ALIGNMENT_CELLS = 4_000_000;

const fold = (word: string) =>
  word
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^\p{L}\p{N}']/gu, '');

interface Placed {
  startMs: number;
  endMs: number;
}

/**
 * For each edited word, the heard word it stands for: the alignment of least edits (a word kept,
 * changed, added or removed costs 0, 1, 1, 1), so a fixed word takes the time of the word the
 * recognizer got wrong, and an added one sits between its neighbours.
 */
function alignWords(edited: readonly string[], heard: readonly string[]): (number | undefined)[] {
  const rows = edited.length + 1;
  const columns = heard.length + 1;
  if (rows * columns > MAX_ALIGNMENT_CELLS) {
    return edited.map((_, index) =>
      heard.length === 0 ? undefined : Math.floor((index * heard.length) / edited.length),
    );
  }
  const cost = new Uint32Array(rows * columns);
  for (let row = 0; row < rows; row += 1) {
    cost[row * columns] = row;
  }
  for (let column = 0; column < columns; column += 1) {
    cost[column] = column;
  }
  for (let row = 1; row < rows; row += 1) {
    for (let column = 1; column < columns; column += 1) {
      const same = edited[row - 1] === heard[column - 1] ? 0 : 1;
      cost[row * columns + column] = Math.min(
        cost[(row - 1) * columns + column - 1]! + same,
        cost[(row - 1) * columns + column]! + 1,
        cost[row * columns + column - 1]! + 1,
      );
    }
  }
  const mapping: (number | undefined)[] = new Array<number | undefined>(edited.length);
  let row = rows - 1;
  let column = columns - 1;
  while (row > 0) {
    const here = cost[row * columns + column]!;
    if (column > 0) {
      const same = edited[row - 1] === heard[column - 1] ? 0 : 1;
      if (here === cost[(row - 1) * columns + column - 1]! + same) {
        mapping[row - 1] = column - 1;
        row -= 1;
        column -= 1;
        continue;
      }
      if (here === cost[row * columns + column - 1]! + 1) {
        column -= 1;
        continue;
      }
    }
    mapping[row - 1] = undefined;
    row -= 1;
  }
  return mapping;
}

/**
 * Re-times captions after an author changed their words: every edited word is aligned to the
 * words the recognizer heard with their times, and each cue whose text changed takes the time
 * from its first word's start to its last word's end. Cues whose text is unchanged keep the
 * times they were sent with (an author may have moved them by hand). Without heard words there
 * is nothing to align against, and every cue keeps its times.
 */
export function alignEditedCues(
  edited: readonly CaptionCue[],
  previous: readonly CaptionCue[],
  heard: readonly TimedWord[],
): CaptionCue[] {
  const heardWords = heard.filter((word) => fold(word.text) !== '');
  if (heardWords.length === 0) {
    return edited.map((cue) => ({ ...cue }));
  }
  const unchanged = new Set(previous.map((cue) => cue.text.replace(/\s+/g, ' ').trim()));
  const tokens = edited.flatMap((cue, cueIndex) =>
    cue.text
      .split(/\s+/)
      .map(fold)
      .filter(Boolean)
      .map((word) => ({ word, cueIndex })),
  );
  const mapping = alignWords(
    tokens.map((token) => token.word),
    heardWords.map((word) => fold(word.text)),
  );
  // Words with no heard counterpart sit between the nearest placed neighbours.
  const placed: (Placed | undefined)[] = mapping.map((index) =>
    index === undefined
      ? undefined
      : { startMs: heardWords[index]!.startMs, endMs: heardWords[index]!.endMs },
  );
  for (let index = 0; index < placed.length; index += 1) {
    if (placed[index]) {
      continue;
    }
    let next = index;
    while (next < placed.length && !placed[next]) {
      next += 1;
    }
    const from = index > 0 ? placed[index - 1]!.endMs : (placed[next]?.startMs ?? 0);
    const to = placed[next]?.startMs ?? heardWords.at(-1)!.endMs;
    const step = Math.max(0, to - from) / (next - index);
    for (let gap = index; gap < next; gap += 1) {
      placed[gap] = {
        startMs: Math.round(from + (gap - index) * step),
        endMs: Math.round(from + (gap - index + 1) * step),
      };
    }
    index = next - 1;
  }
  return edited.map((cue, cueIndex) => {
    if (unchanged.has(cue.text.replace(/\s+/g, ' ').trim())) {
      return { ...cue };
    }
    const own = tokens.flatMap((token, index) =>
      token.cueIndex === cueIndex ? [placed[index]!] : [],
    );
    if (own.length === 0) {
      return { ...cue };
    }
    const startMs = own[0]!.startMs;
    return { ...cue, startMs, endMs: Math.max(own.at(-1)!.endMs, startMs + 1) };
  });
}
