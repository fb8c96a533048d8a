import { describe, expect, it } from 'vitest';
import {
  BUTTON_VARIANTS,
  buildButtonId,
  DEFAULT_BUTTON_TYPE,
  resolveButtonState,
  toKebabCase,
} from './button.ts';

describe('buttons', () => {
  it('has the variants of spec §9', () => {
    expect(BUTTON_VARIANTS).toEqual([
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
    ]);
  });

  it('defaults to type button', () => {
    expect(DEFAULT_BUTTON_TYPE).toBe('button');
  });

  it.each([
    ['Save Changes', 'save-changes'],
    ['  Save & Close! ', 'save-close'],
    ['addTopic', 'add-topic'],
    ['Step 2 of 3', 'step-2-of-3'],
    ['', ''],
  ])('kebab %j -> %j', (text, kebab) => {
    expect(toKebabCase(text)).toBe(kebab);
  });

  it.each([
    ['button', 'Save Changes', 'button-save-changes'],
    ['submit', 'Log in', 'submit-log-in'],
    ['reset', 'Clear', 'reset-clear'],
    ['button', '…', 'button'],
  ] as const)('id of %s %j -> %s', (type, text, id) => {
    expect(buildButtonId(type, text)).toBe(id);
  });

  it.each([
    [{}, { variant: 'default', isDisabled: false, isSpinnerShown: false }],
    [{ variant: 'marine' }, { variant: 'marine', isDisabled: false, isSpinnerShown: false }],
    [
      { variant: 'marine', isLoading: true },
      { variant: 'disabled', isDisabled: true, isSpinnerShown: true },
    ],
    [
      { variant: 'yellow', isDisabled: true },
      { variant: 'disabled', isDisabled: true, isSpinnerShown: false },
    ],
  ] as const)('state of %j -> %j', (input, state) => {
    expect(resolveButtonState(input)).toEqual(state);
  });
});
