/** Button variants of spec §9. */
export const BUTTON_VARIANTS = [
  'primary',
  'default',
  'disabled',
  'default_colored',
  'text',
  'marine',
  'outline',
  'cancel',
  'sf_green_full',
  'yellow',
] as const;
export type ButtonVariant = (typeof BUTTON_VARIANTS)[number];

export type ButtonType = 'button' | 'submit' | 'reset';
export const DEFAULT_BUTTON_TYPE: ButtonType = 'button';

/** Lower-case words of the text joined by dashes: `Save & Close!` -> `save-close`. */
export function toKebabCase(text: string): string {
  return text
    .replace(/([a-z0-9])([A-Z])/g, '$1-$2')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/**
 * The button's DOM id, built from its type and text as `${type}-${kebab(text)}`, e.g.
 * `submit-save-changes`; just the type when the text has no letters or digits. E2E selectors rely
 * on it, so the format is fixed.
 */
export function buildButtonId(type: ButtonType, text: string): string {
  const slug = toKebabCase(text);
  return slug === '' ? type : `${type}-${slug}`;
}

/**
 * The ids of the buttons on the page, so two buttons of the same type and text (two alternates
 * panels' "Add", each row's "Remove") do not share one: the first keeps the spec's
 * `${type}-${kebab(text)}`, the next ones take `-2`, `-3`, ... (issue 44: two
 * `<button id="submit-add">`). A claim is given back when its button leaves the page.
 */
export function createButtonIdRegistry() {
  const claims = new Map<string, Set<number>>();
  return {
    claim(base: string): string {
      const taken = claims.get(base) ?? new Set<number>();
      let number = 1;
      while (taken.has(number)) {
        number += 1;
      }
      taken.add(number);
      claims.set(base, taken);
      return number === 1 ? base : `${base}-${number}`;
    },
    release(base: string, id: string): void {
      const number = id === base ? 1 : Number(id.slice(base.length + 1));
      const taken = claims.get(base);
      taken?.delete(number);
      if (taken?.size === 0) {
        claims.delete(base);
      }
    },
  };
}

/**
 * What a button renders (spec §4): loading shows a spinner and disables it; a disabled button
 * takes the `disabled` variant.
 */
export function resolveButtonState(input: {
  variant?: ButtonVariant;
  isDisabled?: boolean;
  isLoading?: boolean;
}): { variant: ButtonVariant; isDisabled: boolean; isSpinnerShown: boolean } {
  const isSpinnerShown = input.isLoading === true;
  const isDisabled = isSpinnerShown || input.isDisabled === true;
  return {
    variant: isDisabled ? 'disabled' : (input.variant ?? 'default'),
    isDisabled,
    isSpinnerShown,
  };
}
