import { CONTROL_CLASS, Field } from './field';

/** A select of a filter bar: `allLabel` (no filter) first, then the options. */
export function FilterSelect<T extends string>({
  label,
  allLabel,
  value,
  options,
  onChange,
  className,
}: {
  label: string;
  className?: string;
  allLabel: string;
  value: T | undefined;
  options: readonly { value: T; label: string }[];
  onChange: (value: T | undefined) => void;
}) {
  return (
    <Field label={label} {...(className === undefined ? {} : { className })}>
      {(id) => (
        <select
          id={id}
          className={CONTROL_CLASS}
          value={value ?? ''}
          onChange={(event) =>
            onChange(options.find((option) => option.value === event.target.value)?.value)
          }
        >
          <option value="">{allLabel}</option>
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}
