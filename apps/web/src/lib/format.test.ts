import { describe, expect, it } from 'vitest';
import {
  formatBytes,
  formatScore,
  formatDisplayName,
  formatCount,
  formatNumber,
  formatUsDate,
  formatUsDateTime,
  shortenEmail,
} from './format.ts';

describe('formatBytes', () => {
  it.each([
    [0, '0 B'],
    [1, '1 B'],
    [1023, '1023 B'],
    [1024, '1 KB'],
    [1536, '1.5 KB'],
    [1126, '1.1 KB'],
    [10 * 1024, '10 KB'],
    [10.4 * 1024, '10 KB'],
    [10.6 * 1024, '11 KB'],
    [1024 ** 2, '1 MB'],
    [2.25 * 1024 ** 3, '2.3 GB'],
    [1024 ** 4, '1 TB'],
    [1024 ** 5, '1 PB'],
    [1024 ** 6, '1 EB'],
    [1024 ** 7, '1 ZB'],
    [1024 ** 8, '1 YB'],
    [1024 ** 9, '1024 YB'],
    [10_000_000_000, '9.3 GB'],
    [100_000_000, '95 MB'],
    [-1536, '-1.5 KB'],
  ])('%d -> %s', (bytes, text) => {
    expect(formatBytes(bytes)).toBe(text);
  });

  it.each([['1024'], [null], [undefined], [Number.NaN], [Number.POSITIVE_INFINITY], [{}]])(
    'throws for %j',
    (value) => {
      expect(() => formatBytes(value)).toThrow(TypeError);
    },
  );
});

describe('US formats', () => {
  it.each([
    ['2024-01-05T15:04:00Z', '1/5/2024'],
    ['2023-12-31T23:59:59Z', '12/31/2023'],
  ])('date %s -> %s', (iso, text) => {
    expect(formatUsDate(iso, 'UTC')).toBe(text);
  });

  it('formats date and time', () => {
    expect(formatUsDateTime('2024-01-05T15:04:00Z', 'UTC')).toBe('1/5/2024, 3:04 PM');
  });

  it.each([
    [0, '0'],
    [999, '999'],
    [1000, '1,000'],
    [1234567, '1,234,567'],
    [-9876543.21, '-9,876,543.21'],
  ])('number %d -> %s', (value, text) => {
    expect(formatNumber(value)).toBe(text);
  });
});

describe('formatDisplayName', () => {
  it.each([
    [{ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@x.io' }, 'Ada Lovelace'],
    [{ firstName: 'Ada', lastName: null, email: 'ada@x.io' }, 'Ada'],
    [{ firstName: null, lastName: 'Lovelace', email: 'ada@x.io' }, 'Lovelace'],
    [{ firstName: '  ', lastName: '', email: 'ada@x.io' }, 'ada@x.io'],
    [{ email: 'ada@x.io' }, 'ada@x.io'],
  ])('%j -> %s', (person, name) => {
    expect(formatDisplayName(person)).toBe(name);
  });
});

describe('shortenEmail (15 characters)', () => {
  it.each([
    ['ada@x.io', 'ada@x.io'],
    ['abcdefghij@x.io', 'abcdefghij@x.io'],
    ['abcdefghijk@x.io', 'abcdefghijk@x.i…'],
    ['ada.lovelace@example.com', 'ada.lovelace@ex…'],
  ])('%s -> %s', (email, shortened) => {
    expect(shortenEmail(email)).toBe(shortened);
  });
});

describe('formatCount', () => {
  it.each([
    [0, 'question', '0 questions'],
    [1, 'question', '1 question'],
    [1234, 'question', '1,234 questions'],
    [2, 'activity', '2 activities'],
  ])('formats %i %s as %s', (count, singular, text) => {
    expect(
      singular === 'activity'
        ? formatCount(count, singular, 'activities')
        : formatCount(count, singular),
    ).toBe(text);
  });
});

describe('formatScore', () => {
  it.each([
    [null, '—'],
    [0, '0.00'],
    [0.876, '0.88'],
    [0.456, '0.46'],
    [1, '1.00'],
  ])('formats %s as %s', (score, expected) => {
    expect(formatScore(score)).toBe(expected);
  });
});
