import type { ListSearchOption } from '@conversa/contracts';
import type { SearchOption } from '@/lib/search-box';

/** The contract's search fields in the shape of the shell's search box. */
export function toSearchBoxOptions(options: readonly ListSearchOption[]): SearchOption[] {
  return options.map((option) => ({
    value: option.value,
    label: option.label,
    isActive: option.active,
    isDisabled: option.disabled,
  }));
}

/** The ticked fields for a list request; empty means the fields ticked by default. */
export function toSearchOptionsParam(
  fieldIds: readonly string[],
  options: readonly ListSearchOption[],
): string {
  const known = new Set(options.map((option) => option.value));
  return fieldIds.filter((field) => known.has(field)).join(',');
}
