import { describe, expect, it } from 'vitest';
import {
  BAR_POSITION_STORAGE_KEY,
  clampBarPosition,
  DEFAULT_BAR_POSITION,
  moveBarByKey,
  readBarPosition,
} from './bar-position';

describe('bar position', () => {
  it('moves with the arrow keys, four times as far with Shift', () => {
    const start = { right: 100, bottom: 100 };
    expect(moveBarByKey(start, 'ArrowLeft', false)).toEqual({ right: 116, bottom: 100 });
    expect(moveBarByKey(start, 'ArrowRight', false)).toEqual({ right: 84, bottom: 100 });
    expect(moveBarByKey(start, 'ArrowUp', true)).toEqual({ right: 100, bottom: 164 });
    expect(moveBarByKey(start, 'ArrowDown', false)).toEqual({ right: 100, bottom: 84 });
    expect(moveBarByKey(start, 'Enter', false)).toBeNull();
  });

  it('stays on screen', () => {
    const bar = { width: 300, height: 80 };
    const viewport = { width: 1000, height: 600 };
    expect(clampBarPosition({ right: -50, bottom: 900 }, bar, viewport)).toEqual({
      right: 8,
      bottom: 512,
    });
    expect(clampBarPosition({ right: 5000, bottom: 40 }, bar, viewport)).toEqual({
      right: 692,
      bottom: 40,
    });
  });

  it('reads the kept place, or the default corner', () => {
    expect(readBarPosition({ getItem: () => null })).toEqual(DEFAULT_BAR_POSITION);
    expect(readBarPosition({ getItem: () => '{oops' })).toEqual(DEFAULT_BAR_POSITION);
    expect(
      readBarPosition({
        getItem: (key) => (key === BAR_POSITION_STORAGE_KEY ? '{"right":40,"bottom":70}' : null),
      }),
    ).toEqual({ right: 40, bottom: 70 });
  });
});
