import { describe, expect, it } from 'vitest';
import { isRepeating } from './reading-on.ts';

describe("a reading that repeats itself (a short window's loop)", () => {
  it('is caught by its compression, or by any 4 words said twice', () => {
    const loop = 'what was the best game of your life';
    expect(isRepeating(Array.from({ length: 4 }, () => loop).join(' '))).toBe(true);
    expect(isRepeating(`${loop} ${loop}`)).toBe(true);
  });

  it('leaves questions alone, long ones and ones that say a word twice included', () => {
    expect(isRepeating('Where were you born?')).toBe(false);
    expect(isRepeating('What was your favorite subject at school, and why did you like it?')).toBe(
      false,
    );
    expect(isRepeating('Did you ever meet the king, the real king?')).toBe(false);
    expect(isRepeating('')).toBe(false);
  });
});
