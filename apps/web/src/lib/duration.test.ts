import { describe, expect, it } from 'vitest';
import { formatDuration } from './duration';

describe('formatDuration (m:ss, rounded down like the video player)', () => {
  it.each([
    [0, '0:00'],
    [999, '0:00'],
    [2_000, '0:02'],
    [3_040, '0:03'],
    // The take of issue 32, item 18: 8.6 s read 0:09 in its label and 0:08 in the player.
    [8_600, '0:08'],
    [59_600, '0:59'],
    [59_999, '0:59'],
    [61_000, '1:01'],
    [600_000, '10:00'],
    [725_000, '12:05'],
    [-5, '0:00'],
  ])('%i ms → %s', (milliseconds, text) => {
    expect(formatDuration(milliseconds)).toBe(text);
  });
});
