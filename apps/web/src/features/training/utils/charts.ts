import type { CoverageDay, ThresholdPoint } from '@conversa/contracts';

/** One line of a chart: a rate (0–1) a point, null where there is nothing to measure. */
export interface ChartSeries {
  label: string;
  values: readonly (number | null)[];
}

export function formatPercent(value: number | null): string {
  return value === null ? 'none' : `${Math.round(value * 100)}%`;
}

/**
 * SVG polyline points of a series; a null breaks nothing but is skipped (the line joins its
 * neighbours), so a day with no questions does not pull the rate down to zero.
 */
export function toPolyline(
  values: readonly (number | null)[],
  toX: (index: number) => number,
  toY: (value: number) => number,
): string {
  return values
    .map((value, index) =>
      value === null ? null : `${toX(index).toFixed(1)},${toY(value).toFixed(1)}`,
    )
    .filter((point) => point !== null)
    .join(' ');
}

/** Answered and fallback rates per day; null on a day with no question. */
export function getCoverageSeries(days: readonly CoverageDay[]): ChartSeries[] {
  const rate = (part: number, whole: number) => (whole === 0 ? null : part / whole);
  return [
    { label: 'Answered rate', values: days.map((day) => rate(day.answered, day.asked)) },
    { label: 'Fallback rate', values: days.map((day) => rate(day.fellBack, day.asked)) },
  ];
}

/** The coverage chart in one sentence: totals over the period and the first and last week's rates. */
export function describeCoverage(days: readonly CoverageDay[]): string {
  const sum = (list: readonly CoverageDay[], key: 'asked' | 'answered' | 'fellBack') =>
    list.reduce((total, day) => total + day[key], 0);
  const asked = sum(days, 'asked');
  if (asked === 0) {
    return `No questions were asked in the last ${days.length} days.`;
  }
  const firstWeek = days.slice(0, 7);
  const lastWeek = days.slice(-7);
  const weekRate = (week: readonly CoverageDay[]) =>
    formatPercent(sum(week, 'asked') === 0 ? null : sum(week, 'answered') / sum(week, 'asked'));
  return `${asked} questions in ${days.length} days, ${formatPercent(sum(days, 'answered') / asked)} answered; answered rate ${weekRate(firstWeek)} in the first week, ${weekRate(lastWeek)} in the last.`;
}

export function formatChartDay(date: string): string {
  const [, month, day] = date.split('-');
  return `${Number(day)}/${Number(month)}`;
}

export function getCalibrationSeries(curve: readonly ThresholdPoint[]): ChartSeries[] {
  return [
    { label: 'In-scope accuracy', values: curve.map((point) => point.inScopeAccuracy) },
    { label: 'Fallback recall', values: curve.map((point) => point.oosRecall) },
  ];
}

/** Index of the curve point nearest a threshold (the chart's marker). */
export function nearestPointIndex(curve: readonly ThresholdPoint[], threshold: number): number {
  let best = 0;
  curve.forEach((point, index) => {
    if (
      Math.abs(point.threshold - threshold) < Math.abs((curve[best]?.threshold ?? 0) - threshold)
    ) {
      best = index;
    }
  });
  return best;
}

/** What setting a threshold does, as a person reads it. */
export function describeThresholdPoint(point: ThresholdPoint): string {
  return `${formatPercent(point.inScopeAccuracy)} of reviewed answers answered right, ${formatPercent(point.oosRecall)} of out-of-scope questions falling back`;
}
