import { describe, expect, it } from 'vitest';
import { dot, toUnit, UNIT_TOLERANCE } from './vector-math.ts';

describe('toUnit', () => {
  it('scales a vector to length 1 in a copy, leaving the vector as it was', () => {
    const vector = new Float32Array([3, 4]);
    const unit = toUnit(vector);
    expect(unit).not.toBe(vector);
    expect([...unit]).toEqual([Math.fround(0.6), Math.fround(0.8)]);
    expect([...vector]).toEqual([3, 4]);
  });

  it('answers a unit vector itself, so that a matcher holds one copy of it (issue 69)', () => {
    const unit = toUnit(new Float32Array([1, 2, 3, 4, 5]));
    expect(Math.abs(dot(unit, unit) - 1)).toBeLessThanOrEqual(UNIT_TOLERANCE);
    expect(toUnit(unit)).toBe(unit);
  });

  it('answers zeros for a vector of length 0', () => {
    expect([...toUnit(new Float32Array(3))]).toEqual([0, 0, 0]);
  });
});
