import { formatCount, formatNumber } from '@/lib/format';

/** One bar of the conversations-per-day chart. */
export type DayCount = { date: string; count: number };

export type ChartScale = {
  /** The top of the value axis: a round number at or above the largest count, at least 1. */
  max: number;
  /** Gridline values from 0 to `max`, evenly spaced whole numbers. */
  ticks: number[];
};

const TARGET_INTERVALS = 4;

/** The smallest of 1, 2, 5 × 10^k (k ≥ 0) that is at least `value`. */
function getNiceStep(value: number): number {
  if (value <= 1) {
    return 1;
  }
  const magnitude = 10 ** Math.floor(Math.log10(value));
  const fraction = value / magnitude;
  const nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10;
  return nice * magnitude;
}

/**
 * The value axis for counts: about four whole-number intervals, ending at the first round step
 * that holds the largest value. An all-zero chart still gets an axis of 0 to 1.
 */
export function getChartScale(values: readonly number[]): ChartScale {
  const largest = Math.max(0, ...values);
  const step = getNiceStep(largest / TARGET_INTERVALS);
  const intervals = Math.max(1, Math.ceil(largest / step));
  return {
    max: step * intervals,
    ticks: Array.from({ length: intervals + 1 }, (_, index) => index * step),
  };
}

/** A bar's height in the plot's units; a non-zero count is never drawn thinner than 1 unit. */
export function getBarHeight(count: number, max: number, plotHeight: number): number {
  if (count <= 0 || max <= 0) {
    return 0;
  }
  return Math.max(1, (Math.min(count, max) / max) * plotHeight);
}

// The chart's days are UTC calendar days: formatting them in UTC keeps the day as sent.
const SHORT_DAY = new Intl.DateTimeFormat('en-US', {
  month: 'numeric',
  day: 'numeric',
  timeZone: 'UTC',
});
const FULL_DAY = new Intl.DateTimeFormat('en-US', {
  month: 'numeric',
  day: 'numeric',
  year: 'numeric',
  timeZone: 'UTC',
});

/** `2026-11-21` as the axis label `11/21`. */
export function formatChartDay(date: string): string {
  return SHORT_DAY.format(new Date(`${date}T00:00:00Z`));
}

/** `2026-11-21` as `11/21/2026`. */
export function formatFullDay(date: string): string {
  return FULL_DAY.format(new Date(`${date}T00:00:00Z`));
}

/**
 * Which bars get a date under them: every `every`-th counted back from the last (today), so
 * today is always labelled and labels never crowd.
 */
export function isLabelledDay(index: number, length: number, every = 7): boolean {
  return (length - 1 - index) % every === 0;
}

/** A sentence a screen reader reads for the whole chart. */
export function describeChart(days: readonly DayCount[]): string {
  if (days.length === 0) {
    return 'No days to show.';
  }
  const total = days.reduce((sum, day) => sum + day.count, 0);
  const first = formatFullDay(days[0]!.date);
  const last = formatFullDay(days.at(-1)!.date);
  if (total === 0) {
    return `No conversations from ${first} to ${last}.`;
  }
  const busiest = days.reduce((best, day) => (day.count > best.count ? day : best));
  return `${formatCount(total, 'conversation')} from ${first} to ${last}; the most on ${formatFullDay(busiest.date)} (${formatNumber(busiest.count)}).`;
}
