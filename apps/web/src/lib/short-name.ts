export const SHORT_NAME_MAX_LENGTH = 40;

/**
 * Builds a short identifier from a name (spec §5): its ASCII letters and digits, at most 40, plus
 * `_V{n}` for versions above 1. The suffix is not counted in the 40.
 *
 * Nothing calls it yet: the spec states the rule but no screen, entity or call of it carries a
 * short name or a version. It is kept, tested, as the rule's only home rather than deleted as
 * dead code; the first feature that needs a short identifier uses it.
 */
export function buildShortName(name: string, version: number = 1): string {
  const base = name.replace(/[^A-Za-z0-9]/g, '').slice(0, SHORT_NAME_MAX_LENGTH);
  return version > 1 ? `${base}_V${version}` : base;
}
