import { describe, expect, it } from 'vitest';
import { FRAME_MS, tokenStartTimes, warpPath } from './word-times.ts';

/** Attention of one head where row r looks at frames [r * span, (r + 1) * span). */
function steps(rows: number, span: number, lead = 0) {
  const frames = lead + rows * span;
  const weights = new Float32Array(rows * frames).fill(0.001);
  for (let row = 0; row < rows; row += 1) {
    for (let frame = lead + row * span; frame < lead + (row + 1) * span; frame += 1) {
      weights[row * frames + frame] = 1;
    }
  }
  return { heads: 1, rows, frames, weights };
}

describe('word times by dynamic time warping over the alignment heads', () => {
  it('walks a monotonic path from the first row and frame to the last', () => {
    const matrix = new Float32Array([1, 1, 0, 0, 0, 0, 1, 1]);
    const { rowPath, framePath } = warpPath(matrix, 2, 4);

    expect(rowPath).toEqual([0, 0, 1, 1]);
    expect(framePath).toEqual([0, 1, 2, 3]);
  });

  it('starts each token where its attention begins', () => {
    const starts = tokenStartTimes(steps(4, 10, 25));

    // The first token takes the silence before it; the others start where they are looked at.
    expect(starts).toHaveLength(4);
    expect(starts[0]).toBe(0);
    expect(starts.slice(1)).toEqual([35, 45, 55].map((frame) => frame * FRAME_MS));
  });
});
