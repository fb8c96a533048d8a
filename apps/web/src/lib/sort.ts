const NUMERIC = /^\s*[-+]?(\d+\.?\d*|\.\d+)\s*$/;

export function isNumericString(value: string): boolean {
  return NUMERIC.test(value);
}

const TEXT_COLLATOR = new Intl.Collator('en-US');

/**
 * Comparator for table columns (spec §5): two numeric strings compare as numbers, anything else
 * compares as text, so `9` sorts before `10` but `9a` after `10a`.
 */
export function compareNumericOrText(a: string, b: string): number {
  if (isNumericString(a) && isNumericString(b)) {
    return Number(a) - Number(b);
  }
  return TEXT_COLLATOR.compare(a, b);
}
