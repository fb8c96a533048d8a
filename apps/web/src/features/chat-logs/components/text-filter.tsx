import { MAX_ASK_TEXT_LENGTH } from '@conversa/contracts';
import { useState, type Ref } from 'react';
import { CONTROL_CLASS, Field } from '@/components/ui/field';

/**
 * The question filter: exchanges of one question however it was typed (case, punctuation and
 * contractions aside). Applied with Enter or on leaving the field, not per keystroke.
 */
export function TextFilter({
  label,
  placeholder,
  className = 'w-full sm:w-64',
  value: question,
  onChange,
  inputRef,
}: {
  label: string;
  placeholder: string;
  className?: string;
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  inputRef?: Ref<HTMLInputElement>;
}) {
  const [text, setText] = useState(question ?? '');
  const [shown, setShown] = useState(question);
  // Cleared or set from elsewhere (Clear filters, a dashboard link, Back): show that.
  if (shown !== question) {
    setShown(question);
    setText(question ?? '');
  }
  function apply() {
    const next = text.trim() === '' ? undefined : text.trim();
    if (next !== question) {
      onChange(next);
    }
  }
  return (
    <Field label={label} className={className}>
      {(id) => (
        <input
          ref={inputRef}
          id={id}
          type="search"
          className={CONTROL_CLASS}
          placeholder={placeholder}
          maxLength={MAX_ASK_TEXT_LENGTH}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            if (event.target.value === '' && question !== undefined) {
              onChange(undefined);
            }
          }}
          onBlur={apply}
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              apply();
            }
          }}
        />
      )}
    </Field>
  );
}
