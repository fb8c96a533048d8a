import { describe, expect, it } from 'vitest';
import { calibrateThreshold, evaluateThreshold } from './calibrate.ts';
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
