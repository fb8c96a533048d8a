import { describe, expect, it } from 'vitest';
import { calibrateThreshold, chooseAutoThreshold, evaluateThreshold } from './calibrate.ts';
import type { CalibrationSample } from './calibrate.ts';

function makeInScope(score: number, isTopCorrect = true): CalibrationSample {
  return { score, isOutOfScope: false, isTopCorrect };
}

function makeOutOfScope(score: number): CalibrationSample {
  return { score, isOutOfScope: true, isTopCorrect: false };
}

const SAMPLES: CalibrationSample[] = [
  makeInScope(0.9),
  makeInScope(0.7),
  makeInScope(0.5),
  makeInScope(0.35, false),
  makeInScope(0.2),
  makeOutOfScope(0.1),
  makeOutOfScope(0.15),
  makeOutOfScope(0.3),
  makeOutOfScope(0.6),
  makeOutOfScope(0.25),
];

describe('evaluateThreshold', () => {
  it.each([
    // threshold, in-scope accuracy, OOS recall, OOS precision
    [0, 4 / 5, 0, 0],
    [0.2, 4 / 5, 2 / 5, 1],
    [0.4, 3 / 5, 4 / 5, 4 / 6],
    [1, 0, 1, 5 / 10],
  ])('at %s', (threshold, inScopeAccuracy, oosRecall, oosPrecision) => {
    expect(evaluateThreshold(SAMPLES, threshold)).toEqual({
      threshold,
      inScopeAccuracy,
      oosRecall,
      oosPrecision,
    });
  });

  it('reports null rates when a kind of item is missing', () => {
    expect(evaluateThreshold([makeInScope(0.5)], 0.3)).toEqual({
      threshold: 0.3,
      inScopeAccuracy: 1,
      oosRecall: null,
      oosPrecision: null,
    });
    expect(evaluateThreshold([makeOutOfScope(0.5)], 0.3).inScopeAccuracy).toBeNull();
  });
});

describe('calibrateThreshold', () => {
  it.each([
    // minimum OOS recall → expected threshold (midway between neighbouring scores)
    [0.2, (0.1 + 0.15) / 2],
    [0.4, (0.15 + 0.2) / 2],
    [0.6, (0.25 + 0.3) / 2],
    [0.8, (0.3 + 0.35) / 2],
    [1, (0.6 + 0.7) / 2],
  ])('reaches OOS recall ≥ %s at the lowest threshold', (minOosRecall, threshold) => {
    const outcome = calibrateThreshold(SAMPLES, { minOosRecall, fallbackThreshold: 0.5 });
    expect(outcome.threshold).toBeCloseTo(threshold, 10);
    expect(outcome.oosRecall).toBeGreaterThanOrEqual(minOosRecall);
  });

  it('falls back to the given threshold without out-of-scope samples', () => {
    const outcome = calibrateThreshold([makeInScope(0.8), makeInScope(0.1)], {
      fallbackThreshold: 0.3,
    });
    expect(outcome).toEqual({
      threshold: 0.3,
      inScopeAccuracy: 0.5,
      oosRecall: null,
      oosPrecision: null,
    });
  });

  it('puts the threshold just above the top score when every sample must fall back', () => {
    const outcome = calibrateThreshold([makeOutOfScope(0.4), makeOutOfScope(0.2)], {
      minOosRecall: 1,
      fallbackThreshold: 0.3,
    });
    expect(outcome.threshold).toBeGreaterThan(0.4);
    expect(outcome.oosRecall).toBe(1);
  });

  it('returns 0 when no recall is asked for', () => {
    expect(calibrateThreshold(SAMPLES, { minOosRecall: 0, fallbackThreshold: 0.5 }).threshold).toBe(
      0,
    );
  });
});

describe('chooseAutoThreshold', () => {
  const options = {
    maxNegativeRate: 0.2,
    maxNeighbourRate: 0.2,
    minNeighbourSamples: 5,
    neighbourScale: 5,
    minHeldOutRecall: 0.5,
    minHeldOutSamples: 3,
    floor: 0.05,
    ceiling: 0.9,
  };
  // Negatives 0.1…0.5 (five): with at most 20% answered, only 0.5 may stay at or above the threshold.
  const negatives = [0.1, 0.2, 0.3, 0.4, 0.5].map(makeOutOfScope);

  it.each([
    // held-out scores (all ranked right), expected threshold, why
    [[0.9, 0.8, 0.7, 0.6], 0.4001, 'just above the second highest negative'],
    [[0.3, 0.25, 0.2, 0.1], 0.25, 'lowered so that half of the held-out stay answered'],
    [[0.3, 0.25], 0.4001, 'too few held-out phrasings to lower it'],
  ])('held-out %j → %s (%s)', (scores, threshold) => {
    const outcome = chooseAutoThreshold(
      [...scores.map((s) => makeInScope(s)), ...negatives],
      options,
    );
    expect(outcome?.threshold).toBe(threshold);
  });

  it('reports what the threshold gives on its own samples', () => {
    const outcome = chooseAutoThreshold(
      [...[0.9, 0.8, 0.7, 0.6].map((s) => makeInScope(s)), makeInScope(0.95, false), ...negatives],
      options,
    );
    expect(outcome).toEqual({
      threshold: 0.4001,
      heldOutCount: 5,
      heldOutAnsweredRight: 4 / 5,
      negativeCount: 5,
      negativesAnswered: 1 / 5,
      neighbourCount: 0,
      neighboursAnswered: 0,
    });
  });

  const neighbour = (score: number) => ({ ...makeOutOfScope(score), isNeighbour: true });

  it.each([
    // neighbour scores, expected threshold, why
    [[0.1, 0.2, 0.3, 0.35, 0.38], 0.4001, 'neighbours below the built-in rule: unchanged'],
    [[0.6, 0.7, 0.75, 0.8, 0.85], 0.8001, 'raised until at most 20% of the neighbours answer'],
    [[0.95, 0.96, 0.97, 0.98, 0.99], 0.9, 'raised, then held at the ceiling'],
    [[0.6, 0.7, 0.75, 0.8], 0.4001, 'fewer than minNeighbourSamples: too few to raise it'],
  ])('neighbours %j → %s (%s)', (scores, threshold) => {
    const outcome = chooseAutoThreshold(
      [...[0.9, 0.8, 0.7, 0.6].map((s) => makeInScope(s)), ...negatives, ...scores.map(neighbour)],
      options,
    );
    expect(outcome?.threshold).toBe(threshold);
    expect(outcome?.negativeCount).toBe(5);
    expect(outcome?.neighbourCount).toBe(scores.length);
  });

  // Issue 40: a script of one phrasing per answer has no held-out phrasing; beyond `neighbourScale`
  // neighbour questions, the share of them allowed an answer grows with their number.
  const tenNeighbours = [0.2, 0.3, 0.6, 0.65, 0.7, 0.75, 0.8, 0.85, 0.9, 0.95];
  it.each([
    // held-out scores, neighbour scores, expected threshold, why
    [
      [],
      [0.6, 0.7, 0.75, 0.8, 0.85],
      0.8001,
      'no held-out, 5 neighbours (= neighbourScale): 20% answered',
    ],
    [[], tenNeighbours, 0.7501, 'no held-out, 10 neighbours: 40% of them may be answered'],
    [
      [0.9, 0.8, 0.7, 0.6],
      tenNeighbours,
      0.8501,
      'with held-out phrasings: 20% of them, as before',
    ],
    [
      [],
      [0.2, 0.3, 0.35, 0.36, 0.37, 0.38, 0.39, 0.1, 0.15, 0.25],
      0.4001,
      'neighbours below the built-in rule: unchanged',
    ],
  ])('held-out %j, neighbours %j → %s (%s)', (heldOut, scores, threshold) => {
    const outcome = chooseAutoThreshold(
      [...heldOut.map((s) => makeInScope(s)), ...negatives, ...scores.map(neighbour)],
      options,
    );
    expect(outcome?.threshold).toBe(threshold);
  });

  it('raises after the held-out phrasings lowered it: neighbours are what a small script answers wrongly', () => {
    const outcome = chooseAutoThreshold(
      [
        ...[0.3, 0.25, 0.2, 0.1].map((s) => makeInScope(s)),
        ...negatives,
        ...[0.1, 0.2, 0.3, 0.31, 0.32].map(neighbour),
      ],
      options,
    );
    expect(outcome?.threshold).toBe(0.3101);
    expect(outcome?.neighboursAnswered).toBeCloseTo(1 / 5, 10);
  });

  it.each([
    [[0.99, 0.98, 0.97, 0.96, 0.95].map(makeOutOfScope), 0.9, 'the ceiling'],
    [[0.01, 0.01, 0.01, 0.01, 0.01].map(makeOutOfScope), 0.05, 'the floor'],
  ])('clamps to %#: %s', (samples, threshold) => {
    expect(chooseAutoThreshold(samples, options)?.threshold).toBe(threshold);
  });

  it('has nothing to choose from without off-topic samples', () => {
    expect(chooseAutoThreshold([makeInScope(0.5)], options)).toBeUndefined();
  });
});
