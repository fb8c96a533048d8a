import { useId, type ReactNode } from 'react';

/**
 * A matching setting moved with a slider: its name (the slider's label), what it does (the hint
 * that describes the slider, with `describedBy` after it), and the slider's row, where `children`
 * stand beside it (a value, a field, what is saved).
 */
export function SettingSlider({
  label,
  hint,
  range,
  value,
  valueText,
  isDisabled,
  describedBy,
  onChange,
  children,
}: {
  label: string;
  hint: ReactNode;
  range: { min: number; max: number; step: number };
  value: number;
  valueText: string;
  isDisabled: boolean;
  describedBy?: string;
  onChange: (value: string) => void;
  children: ReactNode;
}) {
  const ids = { slider: useId(), hint: useId() };
  return (
    <>
      <div>
        <label htmlFor={ids.slider} className="block text-sm font-medium text-slate-800">
          {label}
        </label>
        <p id={ids.hint} className="text-xs text-slate-500">
          {hint}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <input
          {...range}
          id={ids.slider}
          type="range"
          value={value}
          disabled={isDisabled}
          aria-describedby={describedBy === undefined ? ids.hint : `${ids.hint} ${describedBy}`}
          aria-valuetext={valueText}
          onChange={(event) => onChange(event.target.value)}
          className="h-2 w-64 max-w-full cursor-pointer accent-brand-600 disabled:cursor-not-allowed"
        />
        {children}
      </div>
    </>
  );
}
