/**
 * Most alignment cells (edited words × heard words) one save may compute, over all its runs of
 * changed captions: about 30 ms of CPU and 4 MB. A run that would go past it is placed by
 * position instead, so no save can hold the event loop for long (issue 53: a 5,000-caption save
 * took 6.5 s).
 */
export const MAX_ALIGNMENT_CELLS = 4_000_000;

/** The work one save did, counted so a test can bound it without a clock. */
export interface AlignmentWork {
  /** Alignment cells computed (edited words × heard words of each run aligned). */
  cells: number;
  /** Every other step: each word, heard word and caption visited once per pass. */
  steps: number;
}

export function createAlignmentWork(): AlignmentWork {
  return { cells: 0, steps: 0 };
}

const DIAGONAL = 0;
const LEFT = 1;
const UP = 2;

/**
 * For each edited word, the heard word it stands for: the alignment of least edits (a word kept,
 * changed, added or removed costs 0, 1, 1, 1), so a fixed word takes the time of the word the
 * recognizer got wrong. Two rows of costs and one byte of direction per cell; past the save's
 * budget of cells the words are spread evenly over the heard ones instead.
 */
export function alignWords(
  edited: readonly string[],
  heard: readonly string[],
  work: AlignmentWork,
): (number | undefined)[] {
  const rows = edited.length + 1;
  const columns = heard.length + 1;
  work.steps += edited.length;
  if (heard.length === 0) {
    return edited.map(() => undefined);
  }
  if (work.cells + rows * columns > MAX_ALIGNMENT_CELLS) {
    return edited.map((_, index) => Math.floor((index * heard.length) / edited.length));
  }
  work.cells += rows * columns;
  const directions = new Uint8Array(rows * columns);
  let above = new Uint32Array(columns);
  let here = new Uint32Array(columns);
  for (let column = 0; column < columns; column += 1) {
    above[column] = column;
    directions[column] = LEFT;
  }
  for (let row = 1; row < rows; row += 1) {
    here[0] = row;
    directions[row * columns] = UP;
    const word = edited[row - 1];
    for (let column = 1; column < columns; column += 1) {
      const diagonal = above[column - 1]! + (word === heard[column - 1] ? 0 : 1);
      const left = here[column - 1]! + 1;
      const up = above[column]! + 1;
      // Ties prefer the diagonal, then skipping a heard word: a changed word takes the time of the
      // word it replaced rather than the gap beside it.
      if (diagonal <= left && diagonal <= up) {
        here[column] = diagonal;
        directions[row * columns + column] = DIAGONAL;
      } else if (left <= up) {
        here[column] = left;
        directions[row * columns + column] = LEFT;
      } else {
        here[column] = up;
        directions[row * columns + column] = UP;
      }
    }
    [above, here] = [here, above];
  }
  const mapping = new Array<number | undefined>(edited.length).fill(undefined);
  let row = rows - 1;
  let column = columns - 1;
  while (row > 0) {
    const direction = column === 0 ? UP : directions[row * columns + column];
    if (direction === DIAGONAL) {
      mapping[row - 1] = column - 1;
      row -= 1;
      column -= 1;
    } else if (direction === LEFT) {
      column -= 1;
    } else {
      row -= 1;
    }
  }
  return mapping;
}
