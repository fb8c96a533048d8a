// What every inverted index of a thread shares (`answer-index.ts`): the weight of a term count, and
// the per-feature scratch its calls leave as they found it (issue 69: a scorer thread holds hundreds
// of indexes, which each kept their own).
import { growInt32 } from './typed-arrays.ts';

/** Highest term count a phrasing keeps per feature (a byte); more repeats weigh as many. */
export const MAX_TERM_COUNT = 255;

/**
 * A feature's sublinear term-frequency weight by its count in the phrasing (`termCounts`): 1, or
 * 1 + ln(count). Kept as counts of a byte each, where weights in doubles took eight (issue 69).
 */
export const TERM_COUNT_WEIGHTS: Float64Array = Float64Array.from(
  { length: MAX_TERM_COUNT + 1 },
  (_, count) => (count <= 1 ? count : 1 + Math.log(count)),
);

/**
 * The same weights in float32, as a posting reads them (`PostingPool` keeps the count): the values
 * postings held when they stored the weight itself, so scores are the same to the last digit.
 */
export const TERM_COUNT_WEIGHTS32: Float32Array = Float32Array.from(TERM_COUNT_WEIGHTS);

/**
 * Per-feature scratch shared by every index of the thread (a call runs to its end before another
 * starts, and leaves it as it found it), so a thread holding hundreds of matchers keeps one copy:
 * `marks[f] === epoch` means "seen in the answer being worked on"; `refCounts`, all zero between
 * calls, counts occurrences in a phrasing being added, or an answer's phrasings per feature while
 * its profile norm is computed.
 */
export const scratch = { marks: new Int32Array(0), refCounts: new Int32Array(0), epoch: 0 };

export function growScratch(size: number): void {
  scratch.marks = growInt32(scratch.marks, size);
  scratch.refCounts = growInt32(scratch.refCounts, size);
}

/**
 * The byte that stands for `value` among an index's few distinct values (its features' prior
 * weights: one per kind of word), added to `values` when new.
 */
export function codeOfValue(values: number[], value: number): number {
  let code = values.indexOf(value);
  if (code < 0) {
    if (values.length > 0xff) {
      throw new Error('an index keeps at most 256 distinct feature weights');
    }
    code = values.push(value) - 1;
  }
  return code;
}
