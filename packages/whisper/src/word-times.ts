/**
 * Word times from the decoder's cross-attention, as OpenAI's Whisper finds them
 * (`whisper/timing.py`, `find_alignment`): the alignment heads' attention over the recording's
 * frames, normalized per frame across tokens, median-filtered along time, averaged over heads,
 * then a monotonic path through it by dynamic time warping. Each token starts where the path
 * first reaches its row.
 */

/** One encoder frame is 20 ms of audio (two mel frames of 10 ms). */
export const FRAME_MS = 20;

const MEDIAN_WIDTH = 7;

/** Attention of the alignment heads: heads × rows × frames, each row a token's query. */
export interface AlignmentAttention {
  heads: number;
  rows: number;
  frames: number;
  /** heads × rows × frames, row-major. */
  weights: Float32Array;
}

function medianFilterRow(row: Float32Array, width: number): Float32Array {
  const half = width >> 1;
  const out = new Float32Array(row.length);
  const window = new Float32Array(width);
  for (let index = 0; index < row.length; index += 1) {
    for (let offset = -half; offset <= half; offset += 1) {
      let at = index + offset;
      // Reflected at the edges, as scipy's and Whisper's filters do.
      if (at < 0) {
        at = -at;
      }
      if (at >= row.length) {
        at = 2 * row.length - at - 2;
      }
      window[offset + half] = row[Math.max(0, Math.min(row.length - 1, at))]!;
    }
    out[index] = window.slice().sort()[half]!;
  }
  return out;
}

/** The heads' attention made into one rows × frames matrix (higher: the token is there). */
export function alignmentMatrix(attention: AlignmentAttention): Float32Array {
  const { heads, rows, frames, weights } = attention;
  const matrix = new Float32Array(rows * frames);
  for (let head = 0; head < heads; head += 1) {
    const base = head * rows * frames;
    // Each row's attention renormalized over the recording's frames (the rest is padding).
    const normalized = new Float32Array(rows * frames);
    for (let row = 0; row < rows; row += 1) {
      let sum = 0;
      for (let frame = 0; frame < frames; frame += 1) {
        sum += weights[base + row * frames + frame]!;
      }
      for (let frame = 0; frame < frames; frame += 1) {
        normalized[row * frames + frame] = weights[base + row * frames + frame]! / (sum || 1);
      }
    }
    // Standardized per frame across the tokens.
    for (let frame = 0; frame < frames; frame += 1) {
      let mean = 0;
      for (let row = 0; row < rows; row += 1) {
        mean += normalized[row * frames + frame]!;
      }
      mean /= rows;
      let variance = 0;
      for (let row = 0; row < rows; row += 1) {
        variance += (normalized[row * frames + frame]! - mean) ** 2;
      }
      const deviation = Math.sqrt(variance / rows) || 1;
      for (let row = 0; row < rows; row += 1) {
        normalized[row * frames + frame] = (normalized[row * frames + frame]! - mean) / deviation;
      }
    }
    for (let row = 0; row < rows; row += 1) {
      const filtered =
        frames >= MEDIAN_WIDTH
          ? medianFilterRow(normalized.subarray(row * frames, (row + 1) * frames), MEDIAN_WIDTH)
          : normalized.subarray(row * frames, (row + 1) * frames);
      for (let frame = 0; frame < frames; frame += 1) {
        matrix[row * frames + frame]! += filtered[frame]! / heads;
      }
    }
  }
  return matrix;
}

/**
 * The monotonic path of least cost through -matrix (rows × frames), from the first row and
 * frame to the last: for each step, the row and the frame it is at.
 */
export function warpPath(matrix: Float32Array, rows: number, frames: number) {
  const width = frames + 1;
  const cost = new Float64Array((rows + 1) * width).fill(Infinity);
  const trace = new Int8Array((rows + 1) * width);
  cost[0] = 0;
  for (let frame = 1; frame <= frames; frame += 1) {
    for (let row = 1; row <= rows; row += 1) {
      const diagonal = cost[(row - 1) * width + frame - 1]!;
      const up = cost[(row - 1) * width + frame]!;
      const left = cost[row * width + frame - 1]!;
      let best = diagonal;
      let step = 0;
      if (up < best) {
        best = up;
        step = 1;
      }
      if (left < best) {
        best = left;
        step = 2;
      }
      cost[row * width + frame] = -matrix[(row - 1) * frames + frame - 1]! + best;
      trace[row * width + frame] = step;
    }
  }
  for (let frame = 0; frame <= frames; frame += 1) {
    trace[frame] = 2;
  }
  for (let row = 0; row <= rows; row += 1) {
    trace[row * width] = 1;
  }
  const rowPath: number[] = [];
  const framePath: number[] = [];
  let row = rows;
  let frame = frames;
  while (row > 0 || frame > 0) {
    rowPath.push(row - 1);
    framePath.push(frame - 1);
    const step = trace[row * width + frame];
    if (step === 0) {
      row -= 1;
      frame -= 1;
    } else if (step === 1) {
      row -= 1;
    } else {
      frame -= 1;
    }
  }
  return { rowPath: rowPath.reverse(), framePath: framePath.reverse() };
}

/**
 * When each row's token begins, in milliseconds: the frame at which the path first reaches it.
 * `rows` is the number of text tokens plus one (the last row is the end of text).
 */
export function tokenStartTimes(attention: AlignmentAttention): number[] {
  const matrix = alignmentMatrix(attention);
  const { rowPath, framePath } = warpPath(matrix, attention.rows, attention.frames);
  const starts: number[] = [];
  for (let step = 0; step < rowPath.length; step += 1) {
    if (step === 0 || rowPath[step] !== rowPath[step - 1]) {
      starts.push(Math.max(0, framePath[step]!) * FRAME_MS);
    }
  }
  return starts;
}
