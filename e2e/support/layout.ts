import type { Page } from '@playwright/test';

/** The widths every screen must hold at: a phone, a tablet, a small laptop, a desktop. */
export const LAYOUT_WIDTHS = [390, 768, 1024, 1440] as const;

/**
 * Runs in the page (a string, because the e2e project has no DOM types). Walks the page one
 * viewport at a time, so fixed overlays (the upload bar, the feedback tab) are judged where a
 * person meets them, and reports:
 * - a page wider than the window (`scrollWidth > clientWidth` scrolls sideways);
 * - a visible control whose centre another element covers (a click there hits the other one);
 * - a control whose centre a box with hidden overflow cuts off (it cannot be reached at all);
 * - a control or text of the page under a floating piece (`data-floating`).
 * A control clipped away by a scrolling ancestor is reached by scrolling it, so it is not judged.
 */
const FIND_LAYOUT_PROBLEMS = `(async () => {
  const problems = [];
  const root = document.scrollingElement || document.documentElement;
  const describe = (element) => {
    const name = (element.getAttribute('aria-label') || element.textContent || element.getAttribute('name') || element.id || '').trim().replace(/\\s+/g, ' ').slice(0, 60);
    return element.tagName.toLowerCase() + (name ? ' "' + name + '"' : '');
  };
  if (root.scrollWidth > root.clientWidth) {
    // Name the element that reaches furthest right, so a failure says where to look.
    let widest = null;
    for (const element of document.body.querySelectorAll('*')) {
      const right = element.getBoundingClientRect().right + window.scrollX;
      if (right > root.clientWidth && (!widest || right > widest.right)) {
        widest = { element, right };
      }
    }
    problems.push('page scrolls sideways: scrollWidth ' + root.scrollWidth + ' > clientWidth ' + root.clientWidth + (widest ? ' (furthest right: ' + describe(widest.element) + ' with class "' + (widest.element.getAttribute('class') || '') + '")' : ''));
  }
  // The ancestor whose box clips the point away, and whether it can be scrolled to bring the
  // control into view (auto/scroll) or cuts it off for good (hidden/clip).
  const findClip = (element, x, y) => {
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      const style = getComputedStyle(parent);
      if (style.overflowX !== 'visible' || style.overflowY !== 'visible') {
        // Overflow clips at the padding box, inside the border and any scrollbar: a control whose
        // centre falls on a scroll box's border is as hidden as one beyond it.
        const box = parent.getBoundingClientRect();
        const left = box.left + parent.clientLeft;
        const top = box.top + parent.clientTop;
        const isOutX = x < left || x >= left + parent.clientWidth;
        const isOutY = y < top || y >= top + parent.clientHeight;
        if (isOutX || isOutY) {
          const overflow = isOutX ? style.overflowX : style.overflowY;
          return { parent, isCutOff: overflow === 'hidden' || overflow === 'clip' };
        }
      }
    }
    return undefined;
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
      if (y < 0 || y >= window.innerHeight) {
        continue;
      }
      const clip = findClip(element, x, y);
      if (clip) {
        // A control a box cuts off (overflow hidden) cannot be reached: the Record tab's Next
        // at 390 px. One a scrolling box hides is reached by scrolling it.
        const problem = describe(element) + ' is cut off by ' + describe(clip.parent);
        if (clip.isCutOff && !seen.has(problem)) {
          seen.add(problem);
          problems.push(problem);
        }
        continue;
      }
      if (x < 0 || x >= window.innerWidth) {
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
    // Floating pieces (data-floating) keep a place of their own: nothing of the page's controls
    // or text may lie under the Feedback tab at any scroll ("always"), nor under the upload bar
    // once the page is scrolled to its end ("end": the page reserves room there).
    for (const floating of document.querySelectorAll('[data-floating]')) {
      const kind = floating.getAttribute('data-floating');
      if (kind !== 'always' && !(kind === 'end' && top >= last)) {
        continue;
      }
      const area = floating.getBoundingClientRect();
      if (area.width <= 1 || area.height <= 1) {
        continue;
      }
      const main = document.getElementById('main-content') || document.body;
      for (const element of main.querySelectorAll('*')) {
        if (floating.contains(element) || element.contains(floating)) {
          continue;
        }
        const isControl = element.matches(selector);
        const hasText = [...element.childNodes].some((node) => node.nodeType === 3 && node.textContent.trim() !== '');
        if (!isControl && !hasText) {
          continue;
        }
        const style = getComputedStyle(element);
        if (style.visibility === 'hidden' || (style.clipPath && style.clipPath !== 'none') || (style.clip && style.clip !== 'auto')) {
          continue;
        }
        for (const box of element.getClientRects()) {
          const overlapX = Math.min(box.right, area.right) - Math.max(box.left, area.left);
          const overlapY = Math.min(box.bottom, area.bottom) - Math.max(box.top, area.top);
          if (overlapX > 1 && overlapY > 1 && box.width > 1 && box.height > 1) {
            const problem = describe(element) + ' lies under the floating ' + describe(floating);
            if (!seen.has(problem)) {
              seen.add(problem);
              problems.push(problem);
            }
            break;
          }
        }
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
