import { isCalendarDay } from '../utils/chat-log-filters';
import { CONTROL_CLASS, Field } from '@/components/ui/field';

export function DayInput({
  label,
  value,
  onChange,
}: {
  label: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
}) {
  return (
    <Field label={label}>
      {(id) => (
        <input
          id={id}
          type="date"
          className={CONTROL_CLASS}
          value={value ?? ''}
          onChange={(event) =>
            onChange(isCalendarDay(event.target.value) ? event.target.value : undefined)
          }
        />
      )}
    </Field>
  );
}
