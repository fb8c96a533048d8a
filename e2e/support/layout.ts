import type { Page } from '@playwright/test';

/** The widths every screen must hold at: a phone, a tablet, a small laptop, a desktop. */
export const LAYOUT_WIDTHS = [390, 768, 1024, 1440] as const;

/**
 * Runs in the page (a string, because the e2e project has no DOM types). Walks the page one
 * viewport at a time, so fixed overlays (the upload bar, the feedback tab) are judged where a
 * person meets them, and reports:
 * - a page wider than the window (`scrollWidth > clientWidth` scrolls sideways);
 * - a visible control whose centre another element covers (a click there hits the other one).
 * A control clipped away by a scrolling ancestor is not visible, so it is not judged.
 */
const FIND_LAYOUT_PROBLEMS = `(async () => {
  const problems = [];
  const root = document.scrollingElement || document.documentElement;
  if (root.scrollWidth > root.clientWidth) {
    problems.push('page scrolls sideways: scrollWidth ' + root.scrollWidth + ' > clientWidth ' + root.clientWidth);
  }
  const describe = (element) => {
    const name = (element.getAttribute('aria-label') || element.textContent || element.getAttribute('name') || element.id || '').trim().replace(/\\s+/g, ' ').slice(0, 60);
    return element.tagName.toLowerCase() + (name ? ' "' + name + '"' : '');
  };
  const isClippedAway = (element, x, y) => {
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
        const box = parent.getBoundingClientRect();
        if (x < box.left || x > box.right || y < box.top || y > box.bottom) {
          return true;
        }
      }
    }
    return false;
  };
  const isInSticky = (element) => {
    for (let node = element; node; node = node.parentElement) {
      if (getComputedStyle(node).position === 'sticky') {
        return true;
      }
    }
    return false;
  };
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=link], [role=checkbox], [role=menuitem]';
  const seen = new Set();
  const height = window.innerHeight;
  const last = Math.max(0, root.scrollHeight - height);
  for (let top = 0; ; top = Math.min(last, top + height)) {
    window.scrollTo(0, top);
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
    for (const element of document.querySelectorAll(selector)) {
      // A link wrapped over two lines has its box's centre between them: judge its first line.
      const box = element.getClientRects()[0] || element.getBoundingClientRect();
      const style = getComputedStyle(element);
      // Visually hidden until focused (skip links, sr-only inputs): nothing to cover.
      const isVisuallyHidden = (style.clipPath && style.clipPath !== 'none') || (style.clip && style.clip !== 'auto');
      if (box.width <= 1 || box.height <= 1 || isVisuallyHidden || style.visibility === 'hidden' || style.pointerEvents === 'none') {
        continue;
      }
      const x = box.left + box.width / 2;
      const y = box.top + box.height / 2;
      if (x < 0 || y < 0 || x >= window.innerWidth || y >= window.innerHeight || isClippedAway(element, x, y)) {
        continue;
      }
      const hit = document.elementFromPoint(x, y);
      if (!hit || element === hit || element.contains(hit)) {
        continue;
      }
      // Content scrolls under a sticky header by design; fixed overlays are judged.
      if (isInSticky(hit)) {
        continue;
      }
      // A control drawn under its own label (custom checkboxes) is reached through the label.
      const label = hit.closest('label');
      if (label && (label.control === element || label.contains(element))) {
        continue;
      }
      const problem = describe(element) + ' is covered at its centre by ' + describe(hit);
      if (!seen.has(problem)) {
        seen.add(problem);
        problems.push(problem);
      }
    }
    if (top >= last) {
      break;
    }
  }
  window.scrollTo(0, 0);
  return problems;
})()`;

/** Horizontal overflow of the page and covered controls, each as a sentence. */
export async function findLayoutProblems(page: Page): Promise<string[]> {
  return page.evaluate<string[]>(FIND_LAYOUT_PROBLEMS);
}

/** An unbroken word of exactly `length` characters: the worst case for wrapping. */
export function makeLongWord(prefix: string, length: number): string {
  return (prefix + 'W'.repeat(length)).slice(0, length);
}
