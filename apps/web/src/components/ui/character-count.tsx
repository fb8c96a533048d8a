import { describeCharacterCount } from '@/lib/character-count';
import { cn } from './cn';

/**
 * The counter under a length-limited field, shown as the limit nears. It is always in the page
 * (empty while far) so a field can point aria-describedby at it and hear it change politely.
 */
export function CharacterCount({ id, length, max }: { id: string; length: number; max: number }) {
  const text = describeCharacterCount(length, max);
  return (
    <p
      id={id}
      aria-live="polite"
      className={cn(
        'mt-1 text-xs',
        text === null ? 'sr-only' : length >= max ? 'text-amber-800' : 'text-slate-600',
      )}
    >
      {text}
    </p>
  );
}
