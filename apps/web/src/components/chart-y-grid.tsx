/**
 * The horizontal grid of an SVG chart: a line across the plot at each tick (the zero line darker)
 * and the tick's label to the left of the plot. The dashboard's and training's charts draw it alike.
 */
export function ChartYGrid({
  ticks,
  toY,
  left,
  right,
  format,
}: {
  ticks: readonly number[];
  /** The y coordinate of a value. */
  toY: (value: number) => number;
  /** Where the plot starts and ends on the x axis. */
  left: number;
  right: number;
  format: (value: number) => string;
}) {
  return ticks.map((tick) => (
    <g key={tick}>
      <line
        x1={left}
        x2={right}
        y1={toY(tick)}
        y2={toY(tick)}
        className={tick === 0 ? 'stroke-slate-300' : 'stroke-slate-100'}
        strokeWidth={1}
      />
      <text
        x={left - 8}
        y={toY(tick)}
        textAnchor="end"
        dominantBaseline="middle"
        className="fill-slate-500 text-[11px]"
      >
        {format(tick)}
      </text>
    </g>
  ));
}
