/**
 * Where the floating bar sits: its distance from the right end of the shell's dock (and from the
 * bottom edge, which the dock now fixes; a place kept before the dock still reads).
 */
export type BarPosition = { right: number; bottom: number };

/** At the dock's right end. */
export const DEFAULT_BAR_POSITION: BarPosition = { right: 8, bottom: 8 };
export const BAR_POSITION_STORAGE_KEY = 'conversa.uploadBar.position';
/** Pixels an arrow key moves the bar; with Shift four times as far. */
export const BAR_KEY_STEP = 16;

const MARGIN = 8;

/** Keeps the whole bar on screen. */
export function clampBarPosition(
  position: BarPosition,
  bar: { width: number; height: number },
  viewport: { width: number; height: number },
): BarPosition {
  const maxRight = Math.max(MARGIN, viewport.width - bar.width - MARGIN);
  const maxBottom = Math.max(MARGIN, viewport.height - bar.height - MARGIN);
  return {
    right: Math.round(Math.min(Math.max(position.right, MARGIN), maxRight)),
    bottom: Math.round(Math.min(Math.max(position.bottom, MARGIN), maxBottom)),
  };
}

/** The position after an arrow key, or null for any other key. */
export function moveBarByKey(
  position: BarPosition,
  key: string,
  isLargeStep: boolean,
): BarPosition | null {
  const step = isLargeStep ? BAR_KEY_STEP * 4 : BAR_KEY_STEP;
  switch (key) {
    case 'ArrowLeft':
      return { ...position, right: position.right + step };
    case 'ArrowRight':
      return { ...position, right: position.right - step };
    case 'ArrowUp':
      return { ...position, bottom: position.bottom + step };
    case 'ArrowDown':
      return { ...position, bottom: position.bottom - step };
    default:
      return null;
  }
}

export function readBarPosition(storage: Pick<Storage, 'getItem'>): BarPosition {
  try {
    const parsed = JSON.parse(storage.getItem(BAR_POSITION_STORAGE_KEY) ?? 'null') as unknown;
    if (
      typeof parsed === 'object' &&
      parsed !== null &&
      typeof (parsed as BarPosition).right === 'number' &&
      typeof (parsed as BarPosition).bottom === 'number'
    ) {
      return parsed as BarPosition;
    }
  } catch {
    // A damaged value falls back to the default corner.
  }
  return DEFAULT_BAR_POSITION;
}
