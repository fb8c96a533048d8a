import { afterEach, describe, expect, it } from 'vitest';
import { getShortcutAction, isTypingTarget } from './shortcuts';

function press(
  key: string,
  target: EventTarget | null = document.body,
  extra: Partial<KeyboardEvent> = {},
) {
  return getShortcutAction({
    key,
    target,
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    repeat: false,
    ...extra,
  });
}

function element(html: string): HTMLElement {
  document.body.innerHTML = html;
  return document.body.querySelector('[data-target]') ?? document.body;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe('getShortcutAction', () => {
  it.each([
    ['r', 'record'],
    ['R', 'record'],
    ['k', 'keep'],
    ['n', 'next'],
    ['p', 'previous'],
    ['Escape', 'cancel'],
    ['x', undefined],
    [' ', undefined],
  ])('%j means %s', (key, action) => {
    expect(press(key)).toBe(action);
  });

  it('ignores keys with a modifier or held down', () => {
    expect(press('r', document.body, { ctrlKey: true })).toBeUndefined();
    expect(press('r', document.body, { metaKey: true })).toBeUndefined();
    expect(press('r', document.body, { altKey: true })).toBeUndefined();
    expect(press('r', document.body, { repeat: true })).toBeUndefined();
  });

  it.each([
    '<input data-target type="text" />',
    '<input data-target type="search" />',
    '<input data-target />',
    '<textarea data-target></textarea>',
    '<select data-target><option>a</option></select>',
    '<div data-target contenteditable="true"></div>',
    '<div role="dialog"><button data-target>Cancel</button></div>',
  ])('does nothing while typing or in a dialog: %s', (html) => {
    const target = element(html);
    if (target.hasAttribute('contenteditable')) {
      // jsdom does not compute isContentEditable.
      Object.defineProperty(target, 'isContentEditable', { value: true });
    }
    expect(press('r', target)).toBeUndefined();
  });

  it('works from buttons and checkboxes', () => {
    expect(press('k', element('<button data-target>Keep</button>'))).toBe('keep');
    expect(press('n', element('<input data-target type="checkbox" />'))).toBe('next');
  });
});

describe('isTypingTarget', () => {
  it('is false for no target or a plain element', () => {
    expect(isTypingTarget(null)).toBe(false);
    expect(isTypingTarget(element('<div data-target></div>'))).toBe(false);
  });
});
