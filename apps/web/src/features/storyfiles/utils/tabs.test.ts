import { describe, expect, it } from 'vitest';
import { parseStoryfileTab } from './tabs';

describe('parseStoryfileTab', () => {
  it.each([
    [null, 'overview'],
    ['', 'overview'],
    ['script', 'overview'],
    ['overview', 'overview'],
    ['record', 'record'],
    ['interact', 'interact'],
    ['settings', 'settings'],
    ['Record', 'overview'],
  ])('%s -> %s', (value, expected) => {
    expect(parseStoryfileTab(value)).toBe(expected);
  });
});
