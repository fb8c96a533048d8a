/** The share of a field's limit at which its counter appears: quiet while far, shown as it nears. */
export const CHARACTER_COUNT_SHOWN_FROM = 0.8;

/**
 * What a length-limited field says about its length, or null while the limit is still far
 * (below {@link CHARACTER_COUNT_SHOWN_FROM} of it). A browser's maxLength cuts typing silently
 * at the limit, so the counter must be up before a person reaches it.
 */
export function describeCharacterCount(length: number, max: number): string | null {
  if (length < Math.ceil(max * CHARACTER_COUNT_SHOWN_FROM)) {
    return null;
  }
  const left = Math.max(0, max - length);
  return left === 0
    ? `${length} of ${max} characters: the limit.`
    : `${length} of ${max} characters (${left} left).`;
}
