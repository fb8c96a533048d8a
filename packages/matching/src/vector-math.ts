// Unit vectors and dot products of sentence vectors, as the semantic index and its classifier use them.

/**
 * How far from 1 a vector's squared length may be for it to count as a unit vector already: a
 * float32 vector scaled to length 1 lands within about 1e-7 of it.
 */
export const UNIT_TOLERANCE = 1e-6;

/**
 * The vector scaled to length 1: the vector itself when it is one already (a model's normalized
 * output, or a vector made unit before: one copy of each held, issue 69), else a copy (all zeros
 * when its length is 0). Nothing writes into the vectors it returns.
 */
export function toUnit(vector: Float32Array): Float32Array {
  let norm = 0;
  for (let i = 0; i < vector.length; i++) {
    norm += vector[i]! * vector[i]!;
  }
  if (Math.abs(norm - 1) <= UNIT_TOLERANCE) {
    return vector;
  }
  const unit = new Float32Array(vector.length);
  if (norm > 0) {
    const scale = 1 / Math.sqrt(norm);
    for (let i = 0; i < vector.length; i++) {
      unit[i] = vector[i]! * scale;
    }
  }
  return unit;
}

/**
 * Dot product over the shorter length. One element type on both sides, so the loop stays
 * monomorphic (it runs for every row, passage and centroid, every ask: most of a 400-answer
 * script's scoring). Four running sums break the chain of dependent additions, which lets the CPU
 * overlap them; they change the sum's last bits only (scores are rounded to 1e-6).
 */
export function dot(a: Float32Array, b: Float32Array): number {
  const n = Math.min(a.length, b.length);
  let sum0 = 0;
  let sum1 = 0;
  let sum2 = 0;
  let sum3 = 0;
  let i = 0;
  for (; i + 3 < n; i += 4) {
    sum0 += a[i]! * b[i]!;
    sum1 += a[i + 1]! * b[i + 1]!;
    sum2 += a[i + 2]! * b[i + 2]!;
    sum3 += a[i + 3]! * b[i + 3]!;
  }
  for (; i < n; i++) {
    sum0 += a[i]! * b[i]!;
  }
  return sum0 + sum1 + (sum2 + sum3);
}
