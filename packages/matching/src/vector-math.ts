// Unit vectors and dot products of sentence vectors, as the semantic index and its classifier use them.

/** The vector scaled to length 1 (a copy; all zeros when its length is 0). */
export function toUnit(vector: Float32Array): Float32Array {
  let norm = 0;
  for (let i = 0; i < vector.length; i++) {
    norm += vector[i]! * vector[i]!;
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
 * monomorphic (it runs for every row, every ask).
 */
export function dot(a: Float32Array, b: Float32Array): number {
  let sum = 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    sum += a[i]! * b[i]!;
  }
  return sum;
}
