import { describe, expect, it } from 'vitest';
import { computeAudioLevel } from './audio-level';

function sine(amplitude: number, length = 1024): Float32Array {
  return Float32Array.from({ length }, (_, index) => amplitude * Math.sin((index / 16) * Math.PI));
}

describe('computeAudioLevel', () => {
  it('is 0 for silence and no samples', () => {
    expect(computeAudioLevel(new Float32Array(1024))).toBe(0);
    expect(computeAudioLevel([])).toBe(0);
  });

  it('is 1 at full scale', () => {
    expect(computeAudioLevel(new Float32Array(1024).fill(1))).toBe(1);
  });

  it('grows with loudness and puts speech in the middle of the meter', () => {
    const quiet = computeAudioLevel(sine(0.005));
    const speech = computeAudioLevel(sine(0.1));
    const loud = computeAudioLevel(sine(0.8));
    expect(quiet).toBeLessThan(speech);
    expect(speech).toBeLessThan(loud);
    expect(speech).toBeGreaterThan(0.5);
    expect(speech).toBeLessThan(0.85);
    expect(computeAudioLevel(sine(0.0001))).toBe(0);
  });
});
