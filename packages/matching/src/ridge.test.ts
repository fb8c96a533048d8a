import { describe, expect, it } from 'vitest';
import { trainRidge } from './ridge.ts';

/** Small deterministic PRNG (mulberry32). */
function createRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function unitVector(random: () => number, dimensions: number): Float32Array {
  const vector = Float32Array.from({ length: dimensions }, () => random() - 0.5);
  const norm = Math.hypot(...vector);
  return vector.map((value) => value / norm);
}

function cosines(rows: readonly Float32Array[], query: Float32Array): Float64Array {
  return Float64Array.from(
    rows.map((row) => row.reduce((sum, value, i) => sum + value * query[i]!, 0)),
  );
}

describe('trainRidge (kernel ridge regression, one output per class)', () => {
  it('keeps its weights in 16 bits, each row scaled to use them all', () => {
    const model = trainRidge([new Float32Array([1, 0]), new Float32Array([0.6, 0.8])], [0, 1], 2, {
      ridge: 0.1,
      kernelGamma: 0,
      kernelMix: 0,
    })!;
    const { values, scales } = model.alpha;
    expect(values).toBeInstanceOf(Int16Array);
    expect(values).toHaveLength(4);
    expect(scales).toBeInstanceOf(Float32Array);
    expect(scales).toHaveLength(2);
    for (const row of [0, 1]) {
      expect(Math.max(Math.abs(values[2 * row]!), Math.abs(values[2 * row + 1]!))).toBe(0x7fff);
    }
  });

  const random = createRandom(28);
  const rows = Array.from({ length: 14 }, () => unitVector(random, 24));
  const labels = rows.map((_, i) => i % 4);
  const query = unitVector(random, 24);

  it.each([
    ['linear', 0],
    ['exponential', 3],
  ])(
    'with a %s kernel, leaving rows out gives what a model trained without them gives',
    (_, kernelGamma) => {
      const settings = { ridge: 0.4, kernelGamma, kernelMix: kernelGamma > 0 ? 0.7 : 0 };
      const model = trainRidge(rows, labels, 4, settings)!;
      for (const excluded of [[2], [1, 5, 9], [0, 4, 8, 12]]) {
        const kept = rows.map((__, i) => i).filter((i) => !excluded.includes(i));
        const retrained = trainRidge(
          kept.map((i) => rows[i]!),
          kept.map((i) => labels[i]!),
          4,
          settings,
        )!;
        const downdated = new Float64Array(4);
        model.predict(model.kernelRow(cosines(rows, query)), excluded, downdated);
        const expected = new Float64Array(4);
        retrained.predict(
          retrained.kernelRow(
            cosines(
              kept.map((i) => rows[i]!),
              query,
            ),
          ),
          [],
          expected,
        );
        // To the weights' precision: 16 bits of each row's largest (`RidgeWeights`), which moves
        // an output in its sixth decimal, and leaving rows out, by their weights, a little more.
        downdated.forEach((value, c) => expect(value).toBeCloseTo(expected[c]!, 4));
      }
    },
  );

  it('answers a training row with its own class, and a class left out entirely with 0', () => {
    const model = trainRidge(rows, labels, 4, { ridge: 0.05, kernelGamma: 0, kernelMix: 0 })!;
    const out = new Float64Array(4);
    model.predict(model.kernelRow(cosines(rows, rows[6]!)), [], out);
    expect(out.indexOf(Math.max(...out))).toBe(labels[6]);
    model.predict(model.kernelRow(cosines(rows, query)), [1, 5, 9, 13], out);
    expect(out[1]).toBeCloseTo(0, 5);
  });
});
