/**
 * A progress bar with its value in words beside it: the upload of a package and its export or
 * import job. The words (percent and step) are what a screen reader hears when they change.
 */
export function PackageProgress({
  label,
  percent,
  text,
}: {
  label: string;
  percent: number;
  text: string;
}) {
  const value = Math.max(0, Math.min(100, Math.round(percent)));
  return (
    <div className="space-y-1.5">
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={value}
        aria-valuetext={text}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-300"
          style={{ width: `${value}%` }}
        />
      </div>
      <p aria-live="polite" className="text-sm wrap-anywhere text-slate-700">
        {text}
      </p>
    </div>
  );
}
