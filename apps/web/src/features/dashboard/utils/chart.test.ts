import { describe, expect, it } from 'vitest';
import {
  describeChart,
  formatChartDay,
  formatFullDay,
  getBarHeight,
  getChartScale,
  isLabelledDay,
} from './chart.ts';

describe('getChartScale', () => {
  it.each([
    [[], 1, [0, 1]],
    [[0, 0, 0], 1, [0, 1]],
    [[1], 1, [0, 1]],
    [[3], 3, [0, 1, 2, 3]],
    [[4], 4, [0, 1, 2, 3, 4]],
    [[5], 6, [0, 2, 4, 6]],
    [[7, 2], 8, [0, 2, 4, 6, 8]],
    [[9], 10, [0, 5, 10]],
    [[18], 20, [0, 5, 10, 15, 20]],
    [[23], 30, [0, 10, 20, 30]],
    [[97], 100, [0, 50, 100]],
    [[1234], 1500, [0, 500, 1000, 1500]],
  ])('scales %j to a top of %i', (values, max, ticks) => {
    expect(getChartScale(values)).toEqual({ max, ticks });
  });

  it('always reaches the largest value with evenly spaced whole ticks', () => {
    for (const largest of [1, 2, 6, 11, 37, 150, 999, 12_345]) {
      const { max, ticks } = getChartScale([largest]);
      expect(max).toBeGreaterThanOrEqual(largest);
      expect(ticks.at(-1)).toBe(max);
      const step = ticks[1]! - ticks[0]!;
      expect(Number.isInteger(step)).toBe(true);
      expect(ticks.every((tick, index) => tick === index * step)).toBe(true);
      expect(ticks.length).toBeLessThanOrEqual(9);
    }
  });
});

describe('getBarHeight', () => {
  it.each([
    [0, 10, 200, 0],
    [10, 10, 200, 200],
    [5, 10, 200, 100],
    [1, 1000, 200, 1],
    [20, 10, 200, 200],
  ])('count %i of %i in %i units is %i high', (count, max, plot, height) => {
    expect(getBarHeight(count, max, plot)).toBe(height);
  });
});

describe('day labels', () => {
  it('writes the chart days in US format, as the UTC day they are', () => {
    expect(formatChartDay('2026-11-21')).toBe('11/21');
    expect(formatChartDay('2026-01-05')).toBe('1/5');
    expect(formatFullDay('2026-01-05')).toBe('1/5/2026');
  });

  it('labels today and every seventh day before it', () => {
    const labelled = Array.from({ length: 30 }, (_, index) => index).filter((index) =>
      isLabelledDay(index, 30),
    );
    expect(labelled).toEqual([1, 8, 15, 22, 29]);
  });
});

describe('describeChart', () => {
  it('sums the days and names the busiest', () => {
    expect(
      describeChart([
        { date: '2026-11-20', count: 2 },
        { date: '2026-11-21', count: 1_500 },
        { date: '2026-11-22', count: 0 },
      ]),
    ).toBe('1,502 conversations from 11/20/2026 to 11/22/2026; the most on 11/21/2026 (1,500).');
  });

  it('says so when there were none', () => {
    expect(describeChart([{ date: '2026-11-22', count: 0 }])).toBe(
      'No conversations from 11/22/2026 to 11/22/2026.',
    );
  });
});
