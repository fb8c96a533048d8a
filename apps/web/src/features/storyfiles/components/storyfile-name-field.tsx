import { NAME_MAX_LENGTH } from '@conversa/contracts';
import { useId, type ReactNode } from 'react';
import { CharacterCount } from '@/components/ui/character-count';
import type { NameAvailability } from '../hooks/use-name-availability';
import { Field, INPUT_CLASS } from './field';
import { NameFeedback } from './name-feedback';

/**
 * A storyfile's name in a dialog: the input with its character count and whether the name is
 * free in the namespace (or, through `renderFeedback`, another line in that place).
 */
export function StoryfileNameField({
  label,
  hint,
  value,
  onChange,
  availability,
  isRequired,
  isAutofocused = false,
  isInvalid = availability.state === 'taken',
  renderFeedback,
}: {
  label: string;
  hint?: string;
  value: string;
  onChange: (name: string) => void;
  availability: NameAvailability;
  isRequired: boolean;
  isAutofocused?: boolean;
  isInvalid?: boolean;
  /** The line under the input in place of the availability; given its id. */
  renderFeedback?: ((id: string) => ReactNode) | undefined;
}) {
  const ids = { name: useId(), feedback: useId(), count: useId() };
  return (
    <Field id={ids.name} label={label} {...(hint === undefined ? {} : { hint })}>
      <input
        id={ids.name}
        value={value}
        onChange={(event) => onChange(event.target.value)}
        data-autofocus={isAutofocused ? true : undefined}
        required={isRequired}
        maxLength={NAME_MAX_LENGTH}
        autoComplete="off"
        aria-invalid={isInvalid}
        aria-describedby={`${ids.feedback} ${ids.count}`}
        className={INPUT_CLASS}
      />
      <CharacterCount id={ids.count} length={value.length} max={NAME_MAX_LENGTH} />
      {renderFeedback ? (
        renderFeedback(ids.feedback)
      ) : (
        <NameFeedback id={ids.feedback} availability={availability} />
      )}
    </Field>
  );
}
