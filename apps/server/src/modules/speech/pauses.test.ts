import { describe, expect, it } from 'vitest';
import { findPauseCuts, readPcmWav, writePcmWav } from './pauses.ts';

const RATE = 16_000;

/** `pattern`: seconds of sound (positive) and of silence (negative), in order. */
function buildAudio(pattern: number[]): Int16Array {
  const parts = pattern.map((seconds) => {
    const samples = new Int16Array(Math.round(Math.abs(seconds) * RATE));
    if (seconds > 0) {
      for (let index = 0; index < samples.length; index += 1) {
        samples[index] = Math.round(8000 * Math.sin((2 * Math.PI * 220 * index) / RATE));
      }
    }
    return samples;
  });
  const all = new Int16Array(parts.reduce((total, part) => total + part.length, 0));
  let offset = 0;
  for (const part of parts) {
    all.set(part, offset);
    offset += part.length;
  }
  return all;
}

describe('cutting a long answer where speech pauses', () => {
  it('leaves a recording that fits whole', () => {
    expect(findPauseCuts({ sampleRate: RATE, samples: buildAudio([3, -1, 3]) }, 25_000)).toEqual(
      [],
    );
  });

  it('cuts in the middle of the longest pause before the limit, never inside sound', () => {
    // 0-8 sound, 8-8.3 pause, 8.3-16 sound, 16-17 pause, 17-30 sound
    const samples = buildAudio([8, -0.3, 7.7, -1, 13]);
    const cuts = findPauseCuts({ sampleRate: RATE, samples }, 20_000);
    expect(cuts).toHaveLength(1);
    expect(cuts[0]! / RATE).toBeGreaterThan(16);
    expect(cuts[0]! / RATE).toBeLessThan(17);
  });

  it('cuts at the limit when there is no pause at all', () => {
    const cuts = findPauseCuts({ sampleRate: RATE, samples: buildAudio([50]) }, 20_000);
    expect(cuts.map((cut) => cut / RATE)).toEqual([20, 40]);
  });

  it('reads back the WAV it writes', () => {
    const samples = buildAudio([0.5, -0.5]);
    const read = readPcmWav(writePcmWav({ sampleRate: RATE, samples }));
    expect(read.sampleRate).toBe(RATE);
    expect(Array.from(read.samples)).toEqual(Array.from(samples));
    expect(() => readPcmWav(Buffer.from('not a wav file at all, no'))).toThrow('Not a WAV file.');
  });
});
