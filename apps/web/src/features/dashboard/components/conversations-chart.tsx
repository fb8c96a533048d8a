import { ChartYGrid } from '@/components/chart-y-grid';
import { formatNumber } from '@/lib/format';
import {
  describeChart,
  formatChartDay,
  formatFullDay,
  getBarHeight,
  getChartScale,
  isLabelledDay,
  type DayCount,
} from '../utils/chart';

const WIDTH = 480;
const HEIGHT = 200;
const MARGIN = { top: 10, right: 14, bottom: 24, left: 32 };
const PLOT_WIDTH = WIDTH - MARGIN.left - MARGIN.right;
const PLOT_HEIGHT = HEIGHT - MARGIN.top - MARGIN.bottom;
const BAR_FILL_SHARE = 0.7;

/**
 * Conversations per day as a bar chart drawn in SVG (no chart library: this is its own lazily
 * loaded chunk). Screen readers get a one-sentence summary and the numbers as a table.
 */
export function ConversationsChart({ days }: { days: readonly DayCount[] }) {
  const scale = getChartScale(days.map((day) => day.count));
  const slot = PLOT_WIDTH / Math.max(1, days.length);
  const barWidth = slot * BAR_FILL_SHARE;
  const toY = (value: number) => MARGIN.top + PLOT_HEIGHT - (value / scale.max) * PLOT_HEIGHT;

  return (
    <figure className="space-y-2">
      <svg
        viewBox={`0 0 ${WIDTH} ${HEIGHT}`}
        role="img"
        aria-label={`Conversations per day. ${describeChart(days)}`}
        className="h-auto w-full"
        data-testid="conversations-chart"
      >
        <ChartYGrid
          ticks={scale.ticks}
          toY={toY}
          left={MARGIN.left}
          right={WIDTH - MARGIN.right}
          format={formatNumber}
        />
        {days.map((day, index) => {
          const height = getBarHeight(day.count, scale.max, PLOT_HEIGHT);
          const x = MARGIN.left + index * slot + (slot - barWidth) / 2;
          return (
            <g key={day.date}>
              <rect
                x={x}
                y={MARGIN.top + PLOT_HEIGHT - height}
                width={barWidth}
                height={height}
                rx={2}
                className="fill-brand-500 hover:fill-brand-700"
              >
                <title>{`${formatFullDay(day.date)}: ${formatNumber(day.count)}`}</title>
              </rect>
              {isLabelledDay(index, days.length) ? (
                <text
                  x={x + barWidth / 2}
                  y={HEIGHT - 6}
                  textAnchor="middle"
                  className="fill-slate-500 text-[11px]"
                >
                  {formatChartDay(day.date)}
                </text>
              ) : null}
            </g>
          );
        })}
      </svg>
      {/* A table ignores the clipped size of sr-only; its wrapper does not. */}
      <div className="sr-only">
        <table>
          <caption>Conversations per day</caption>
          <thead>
            <tr>
              <th scope="col">Day</th>
              <th scope="col">Conversations</th>
            </tr>
          </thead>
          <tbody>
            {days.map((day) => (
              <tr key={day.date}>
                <th scope="row">{formatFullDay(day.date)}</th>
                <td>{formatNumber(day.count)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <figcaption className="text-xs text-slate-500">
        Conversations started each day (UTC), last {formatNumber(days.length)} days.
      </figcaption>
    </figure>
  );
}
