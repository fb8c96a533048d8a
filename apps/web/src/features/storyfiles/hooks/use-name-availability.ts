import { formatStoryfileNameTakenMessage } from '@conversa/contracts';
import { useStoryfileNameCheck } from '../api/check-storyfile-name';
import { useDebouncedValue } from '@/hooks/use-debounced-value';

/** How long typing must pause before the name is checked. */
export const NAME_CHECK_DELAY_MS = 400;

export type NameAvailability =
  | { state: 'idle' }
  | { state: 'checking' }
  | { state: 'free' }
  | { state: 'taken'; message: string }
  | { state: 'unknown'; message: string };

/**
 * Live nameTaken feedback (spec §5 name uniqueness, §7 call) for a name in a namespace, leaving
 * out the storyfile being renamed. A name equal to `unchangedName` needs no check.
 */
export function useNameAvailability(input: {
  name: string;
  namespaceId: string;
  excludeId?: string;
  unchangedName?: string;
}): NameAvailability {
  const trimmed = input.name.trim();
  const settled = useDebouncedValue(trimmed, NAME_CHECK_DELAY_MS);
  const isUnchanged = input.unchangedName !== undefined && settled === input.unchangedName.trim();
  const check = useStoryfileNameCheck(
    settled === '' || isUnchanged
      ? null
      : {
          name: settled,
          namespaceId: input.namespaceId,
          ...(input.excludeId === undefined ? {} : { excludeId: input.excludeId }),
        },
  );
  if (
    trimmed === '' ||
    (input.unchangedName !== undefined && trimmed === input.unchangedName.trim())
  ) {
    return { state: 'idle' };
  }
  if (settled !== trimmed || check.isFetching || check.data === undefined) {
    if (check.error) {
      return { state: 'unknown', message: check.error.message };
    }
    return { state: 'checking' };
  }
  return check.data.unique
    ? { state: 'free' }
    : { state: 'taken', message: formatStoryfileNameTakenMessage(settled) };
}
