/** A custom word's "heard as" rule: what the recognizer writes → what was meant. */
export interface HeardAsRule {
  heardAs: string;
  replacement: string;
}

export interface AppliedReplacement {
  heardAs: string;
  replacement: string;
  count: number;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/**
 * Applies "heard as" rules to a spoken transcript before matching ("mill walkie" → "Milwaukee"):
 * case-insensitive, whole words only, any run of spaces between words; longer forms first, so
 * "new york city" wins over "new york"; a replaced span is never replaced again.
 */
export function applyHeardAsRules(
  text: string,
  rules: readonly HeardAsRule[],
): { text: string; applied: AppliedReplacement[] } {
  const usable = rules
    .map((rule) => ({ ...rule, heardAs: rule.heardAs.trim().replace(/\s+/g, ' ') }))
    .filter((rule) => rule.heardAs !== '')
    .sort((a, b) => b.heardAs.length - a.heardAs.length || a.heardAs.localeCompare(b.heardAs));
  if (usable.length === 0) {
    return { text, applied: [] };
  }
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])(${usable
      .map((rule) => rule.heardAs.split(' ').map(escapeRegExp).join('\\s+'))
      .join('|')})(?![\\p{L}\\p{N}])`,
    'giu',
  );
  const counts = new Map<HeardAsRule, number>();
  const replaced = text.replace(pattern, (match) => {
    const key = match.toLowerCase().replace(/\s+/g, ' ');
    const rule = usable.find((candidate) => candidate.heardAs.toLowerCase() === key)!;
    counts.set(rule, (counts.get(rule) ?? 0) + 1);
    return rule.replacement;
  });
  return {
    text: replaced,
    applied: usable.flatMap((rule) =>
      counts.has(rule)
        ? [{ heardAs: rule.heardAs, replacement: rule.replacement, count: counts.get(rule)! }]
        : [],
    ),
  };
}
