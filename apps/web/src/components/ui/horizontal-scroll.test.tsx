import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { HorizontalScroll, SCROLL_SIDEWAYS_HINT } from './horizontal-scroll';

function setWidths(element: HTMLElement, scrollWidth: number, clientWidth: number) {
  Object.defineProperty(element, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(element, 'clientWidth', { configurable: true, value: clientWidth });
}

// Issue 32: a table cut off in a sideways scroller with no visible hint.
describe('a table box that scrolls sideways', () => {
  it('says so, is described by the hint, and can be focused, only while it does not fit', () => {
    render(
      <HorizontalScroll label="Users">
        <table>
          <tbody>
            <tr>
              <td>Remove</td>
            </tr>
          </tbody>
        </table>
      </HorizontalScroll>,
    );
    const box = screen.getByRole('region', { name: 'Users' });
    expect(screen.queryByText(SCROLL_SIDEWAYS_HINT)).toBeNull();
    expect(box).not.toHaveAttribute('tabindex');

    setWidths(box, 1200, 600);
    fireEvent.scroll(box);
    expect(screen.getByText(SCROLL_SIDEWAYS_HINT)).toBeVisible();
    expect(box).toHaveAccessibleDescription(SCROLL_SIDEWAYS_HINT);
    expect(box).toHaveAttribute('tabindex', '0');
    expect(screen.getByTestId('more-on-the-right')).toBeInTheDocument();

    setWidths(box, 600, 600);
    fireEvent.scroll(box);
    expect(screen.queryByText(SCROLL_SIDEWAYS_HINT)).toBeNull();
  });
});
