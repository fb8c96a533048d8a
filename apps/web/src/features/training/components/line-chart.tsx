import { ChartYGrid } from '@/components/chart-y-grid';
import { formatPercent, toPolyline, type ChartSeries } from '../utils/charts';

const WIDTH = 480;
const HEIGHT = 200;
const MARGIN = { top: 10, right: 14, bottom: 26, left: 40 };
const PLOT_WIDTH = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_HEIGHT = HEIGHT - MARGIN.top - MARGIN.bottom;
const TICKS = [0, 0.25, 0.5, 0.75, 1];
// Brand blue and amber: told apart by colour-blind readers too; the lines also differ in dash.
const SERIES_CLASSES = ['stroke-brand-600', 'stroke-amber-600'];
const SERIES_DASHES = [undefined, '5 3'];

/**
 * Rates (0–1) against an x axis, drawn in SVG (no chart library: like the dashboard's chart this is
 * its own lazily loaded chunk). Screen readers get the summary and the numbers as a table.
 */
export function LineChart({
  title,
  summary,
  xLabels,
  series,
  xColumn,
  marker,
  testId,
}: {
  title: string;
  summary: string;
  /** One label a point, shown for a few of them; the table shows them all. */
  xLabels: readonly string[];
  series: readonly ChartSeries[];
  xColumn: string;
  /** A vertical line at this point index (the threshold in force, say). */
  marker?: { index: number; label: string };
  testId: string;
}) {
  const count = xLabels.length;
  const toX = (index: number) =>
    MARGIN.left + (count <= 1 ? 0 : (index / (count - 1)) * PLOT_WIDTH);
  const toY = (value: number) => MARGIN.top + PLOT_HEIGHT - value * PLOT_HEIGHT;
  const labelEvery = Math.max(1, Math.ceil(count / 6));
  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`${title}. ${summary}`}
        className="h-auto w-full"
        data-testid={testId}
      >
        <ChartYGrid
          ticks={TICKS}
          toY={toY}
          left={MARGIN.left}
          right={WIDTH - MARGIN.right}
          format={formatPercent}
        />
        {xLabels.map((label, index) =>
          index % labelEvery === 0 || index === count - 1 ? (
            <text
              key={index}
              x={toX(index)}
              y={HEIGHT - 8}
              textAnchor="middle"
              className="fill-slate-500 text-[11px]"
            >
              {label}
            </text>
          ) : null,
        )}
        {marker ? (
          <g>
            <line
              x1={toX(marker.index)}
              x2={toX(marker.index)}
              y1={MARGIN.top}
              y2={MARGIN.top + PLOT_HEIGHT}
              className="stroke-slate-500"
              strokeDasharray="2 2"
            />
            <title>{marker.label}</title>
          </g>
        ) : null}
        {series.map((line, seriesIndex) => (
          <polyline
            key={line.label}
            points={toPolyline(line.values, toX, toY)}
            fill="none"
            strokeWidth={2}
            strokeDasharray={SERIES_DASHES[seriesIndex % SERIES_DASHES.length]}
            className={SERIES_CLASSES[seriesIndex % SERIES_CLASSES.length]}
          />
        ))}
      </svg>
      <ul className="flex flex-wrap gap-4 text-xs text-slate-700" aria-hidden="true">
        {series.map((line, seriesIndex) => (
          <li key={line.label} className="flex items-center gap-1.5">
            <svg width="20" height="6" className="shrink-0">
              <line
                x1="0"
                x2="20"
                y1="3"
                y2="3"
                strokeWidth={2}
                strokeDasharray={SERIES_DASHES[seriesIndex % SERIES_DASHES.length]}
                className={SERIES_CLASSES[seriesIndex % SERIES_CLASSES.length]}
              />
            </svg>
            {line.label}
          </li>
        ))}
      </ul>
      {/* A table ignores the clipped size of sr-only; its wrapper does not. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th scope="col">{xColumn}</th>
              {series.map((line) => (
                <th key={line.label} scope="col">
                  {line.label}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {xLabels.map((label, index) => (
              <tr key={index}>
                <th scope="row">{label}</th>
                {series.map((line) => (
                  <td key={line.label}>{formatPercent(line.values[index] ?? null)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </figure>
  );
}
