import {
  describeAppliedReview,
  MIN_CALIBRATION_PER_KIND,
  MIN_CALIBRATION_REVIEWED,
  type ThresholdCalibration,
} from '@conversa/contracts';
import { lazy, Suspense, useState } from 'react';
import { Alert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { formatNumber } from '@/lib/format';
import { useThresholdPreview } from '../api/change-previews';
import { useCoverageHistory, useThresholdCalibration } from '../api/insights';
import { useSetThreshold } from '../api/set-threshold';
import { PastQuestionMoves } from '@/components/past-question-moves';
import {
  describeCoverage,
  describeThresholdPoint,
  formatChartDay,
  getCalibrationSeries,
  getCoverageSeries,
  nearestPointIndex,
} from '../utils/charts';

// Charts are drawn only here: their own chunk, fetched when a storyfile's trends are shown.
const LineChart = lazy(() =>
  import('./line-chart').then((module) => ({ default: module.LineChart })),
);

function ChartFallback() {
  return <div aria-hidden="true" className="h-48 animate-pulse rounded bg-slate-100" />;
}

/** Coverage over time: answered and fallback rates per day, so a review round's effect shows. */
export function CoveragePanel({ storyfileId }: { storyfileId: string }) {
  const coverage = useCoverageHistory(storyfileId);
  if (coverage.isPending) {
    return <Spinner label="Loading coverage" />;
  }
  if (coverage.isError) {
    return (
      <div className="space-y-2">
        <Alert kind="error">{coverage.error.message}</Alert>
        <Button size="sm" onClick={() => void coverage.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const { days } = coverage.data;
  const summary = describeCoverage(days);
  if (days.every((day) => day.asked === 0)) {
    return <p className="text-sm text-slate-600">{summary}</p>;
  }
  return (
    <Suspense fallback={<ChartFallback />}>
      <LineChart
        title="Answered and fallback rates per day"
        summary={summary}
        xColumn="Day (UTC)"
        xLabels={days.map((day) => formatChartDay(day.date))}
        series={getCoverageSeries(days)}
        testId="coverage-chart"
      />
    </Suspense>
  );
}

function NotEnoughReviewed({ calibration }: { calibration: ThresholdCalibration }) {
  return (
    <p className="text-sm text-slate-600">
      {formatNumber(calibration.reviewedCount)} reviewed so far (
      {formatNumber(calibration.inScopeCount)} corrected answers,{' '}
      {formatNumber(calibration.outOfScopeCount)} out of scope). Once{' '}
      {formatNumber(MIN_CALIBRATION_REVIEWED)} are reviewed, at least{' '}
      {formatNumber(MIN_CALIBRATION_PER_KIND)} of each, the threshold can be set from them.
    </p>
  );
}

/**
 * The calibrated-threshold offer: from the reviewed exchanges (corrected answers and "out of
 * scope" marks), the threshold that sends enough out-of-scope questions to the fallback while
 * keeping the most answers, with the trade-off across thresholds.
 */
export function CalibrationPanel({
  storyfileId,
  canEdit,
}: {
  storyfileId: string;
  canEdit: boolean;
}) {
  const calibration = useThresholdCalibration(storyfileId);
  const setThreshold = useSetThreshold(storyfileId);
  const [savedMessage, setSavedMessage] = useState<string | null>(null);
  const offered = calibration.data?.isReady ? calibration.data.suggested?.threshold : undefined;
  // The offer gets the preview every training change gets (issue 28).
  const preview = useThresholdPreview(storyfileId, canEdit ? offered : undefined);
  if (calibration.isPending) {
    return <Spinner label="Loading the threshold" />;
  }
  if (calibration.isError) {
    return (
      <div className="space-y-2">
        <Alert kind="error">{calibration.error.message}</Alert>
        <Button size="sm" onClick={() => void calibration.refetch()}>
          Try again
        </Button>
      </div>
    );
  }
  const data = calibration.data;
  const current = `Threshold in force: ${data.currentThreshold.toFixed(2)}${data.isThresholdAutomatic ? ' (automatic)' : ''}.`;
  if (!data.isReady || data.suggested === null) {
    return (
      <div className="space-y-2">
        <p className="text-sm text-slate-700">{current}</p>
        <NotEnoughReviewed calibration={data} />
      </div>
    );
  }
  const suggested = data.suggested;
  const isInForce = Math.abs(suggested.threshold - data.currentThreshold) < 1e-4;
  return (
    <div className="space-y-3">
      <p className="text-sm text-slate-700">
        {current} There: {describeThresholdPoint(data.current)}.
      </p>
      <p className="text-sm text-slate-700" data-testid="calibrated-threshold">
        From {formatNumber(data.reviewedCount)} reviewed exchanges, a threshold of{' '}
        <strong>{suggested.threshold.toFixed(2)}</strong> gives {describeThresholdPoint(suggested)}.
      </p>
      <Suspense fallback={<ChartFallback />}>
        <LineChart
          title="In-scope accuracy against fallback recall, by threshold"
          summary={`The dashed vertical line is the calibrated threshold, ${suggested.threshold.toFixed(2)}.`}
          xColumn="Threshold"
          xLabels={data.curve.map((point) => point.threshold.toFixed(2))}
          series={getCalibrationSeries(data.curve)}
          marker={{
            index: nearestPointIndex(data.curve, suggested.threshold),
            label: `Calibrated threshold ${suggested.threshold.toFixed(2)}`,
          }}
          testId="calibration-chart"
        />
      </Suspense>
      {setThreshold.error ? <Alert kind="error">{setThreshold.error.message}</Alert> : null}
      <p className="text-sm text-slate-600" aria-live="polite">
        {savedMessage}
      </p>
      {canEdit && !isInForce && preview.data ? <PastQuestionMoves preview={preview.data} /> : null}
      {canEdit && !isInForce && preview.error ? (
        <Alert kind="error">{preview.error.message}</Alert>
      ) : null}
      {canEdit && !isInForce ? (
        <Button
          variant="primary"
          isLoading={setThreshold.isPending}
          onClick={() =>
            setThreshold.mutate(suggested.threshold, {
              onSuccess: (applied) =>
                setSavedMessage(
                  `The threshold is now ${suggested.threshold.toFixed(2)}. ${describeAppliedReview(applied.preview)}`,
                ),
            })
          }
        >
          Use {suggested.threshold.toFixed(2)} as the threshold
        </Button>
      ) : null}
    </div>
  );
}
