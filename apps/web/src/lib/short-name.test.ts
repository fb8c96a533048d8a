import { describe, expect, it } from 'vitest';
import { buildShortName } from './short-name.ts';

describe('buildShortName', () => {
  it.each([
    ['Ask Santa!', undefined, 'AskSanta'],
    ['Ask Santa!', 1, 'AskSanta'],
    ['Ask Santa!', 2, 'AskSanta_V2'],
    ['Ask Santa!', 12, 'AskSanta_V12'],
    ['a'.repeat(45), 1, 'a'.repeat(40)],
    ['a'.repeat(45), 3, `${'a'.repeat(40)}_V3`],
    ['Café 2024 — ok', 1, 'Caf2024ok'],
    ['!!!', 2, '_V2'],
  ])('%j version %s -> %s', (name, version, shortName) => {
    expect(buildShortName(name, version)).toBe(shortName);
  });
});
