import type { Frame, Page } from '@playwright/test';

/**
 * The widths every screen must hold at: a phone, a tablet, a small laptop, the commonest laptop
 * (1366: issue 32's squeezed tables showed there and nowhere else), a desktop.
 */
export const LAYOUT_WIDTHS = [390, 768, 1024, 1366, 1440] as const;

/**
 * Words up to this many characters are ordinary words, numbers and labels ("Paraphrase", "0.75",
 * "Settings"): one split across two lines is a squeezed column or tab. Longer runs (the seeded
 * 120-character names, ids) and e-mail addresses may wrap where they must.
 */
export const MAX_ORDINARY_WORD = 24;

/**
 * Runs in the page (a string, because the e2e project has no DOM types). Walks the page one
 * viewport at a time, so fixed overlays (the upload bar, the feedback tab) are judged where a
 * person meets them, and reports:
 * - a page wider than the window (`scrollWidth > clientWidth` scrolls sideways);
 * - a visible control whose centre another element covers (a click there hits the other one);
 * - a control whose centre a box with hidden overflow cuts off (it cannot be reached at all);
 * - a control or text of the page under a floating piece: one marked `data-floating`, or any
 *   other fixed element that is not a dialog or a popup (issue 32: the record tab's and the
 *   phone interact's own floating pieces went unjudged);
 * - an ordinary word split across two lines (issue 32: "0.7 5", "Scrip t", "Sh are link"): the
 *   rendered lines of each word of a wrapped text node, by Range.getClientRects();
 * - a box that scrolls sideways without a visible cue (issue 32: the Users table's Actions cut
 *   to "Rem…" in a scroller nothing pointed at): a sideways scroller must be described
 *   (aria-describedby) by a visible hint.
 * - an id used twice (issue 44: two `<button id="submit-add">` with two alternates panels open);
 * - a video whose box is smaller than its set size (issue 44: the embedded player's picture gave
 *   its height to the transcript, down to 0 px): a player's frame (the box a video fills, or the
 *   video itself) keeps its aspect ratio (16:9 where none is set) up to its max-height.
 * A control clipped away by a scrolling ancestor is reached by scrolling it, so it is not judged.
 */
const FIND_LAYOUT_PROBLEMS = `(async () => {
  const problems = [];
  const MAX_ORDINARY_WORD = ${MAX_ORDINARY_WORD};
  const root = document.scrollingElement || document.documentElement;
  const describe = (element) => {
    const name = (element.getAttribute('aria-label') || element.textContent || element.getAttribute('name') || element.id || '').trim().replace(/\\s+/g, ' ').slice(0, 60);
    return element.tagName.toLowerCase() + (name ? ' "' + name + '"' : '');
  };
  const nextFrame = () =>
    new Promise((resolve) => {
      requestAnimationFrame(() => requestAnimationFrame(resolve));
      setTimeout(resolve, 250);
    });
  // Two frames first, as for each scrolled view below; then, while the page is wider than its
  // viewport, up to 2 s more for the layout to settle: a check right after a viewport change read a
  // dialog still laid out at the old width (399 and 440 px on a loaded machine, against 390). An
  // overflow that lasts is reported.
  await nextFrame();
  const started = performance.now();
  while (root.scrollWidth > root.clientWidth && performance.now() - started < 2000) {
    await nextFrame();
  }
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
  const isShown = (element) => {
    const style = getComputedStyle(element);
    return !(style.visibility === 'hidden' || (style.clipPath && style.clipPath !== 'none') || (style.clip && style.clip !== 'auto')) && element.getClientRects().length > 0;
  };
  const idCounts = new Map();
  for (const element of document.querySelectorAll('[id]')) {
    idCounts.set(element.id, (idCounts.get(element.id) || 0) + 1);
  }
  for (const [id, count] of idCounts) {
    if (count > 1) {
      problems.push('the id "' + id + '" is used ' + count + ' times');
    }
  }
  for (const video of document.querySelectorAll('video')) {
    const frame = getComputedStyle(video).position === 'absolute' ? video.parentElement : video;
    if (!frame || !isShown(video)) {
      continue;
    }
    const style = getComputedStyle(frame);
    const ratioMatch = /([\\d.]+)\\s*\\/\\s*([\\d.]+)/.exec(style.aspectRatio);
    const ratio = ratioMatch ? Number(ratioMatch[1]) / Number(ratioMatch[2]) : 16 / 9;
    const box = frame.getBoundingClientRect();
    const maxHeight = style.maxHeight.endsWith('px') ? parseFloat(style.maxHeight) : Infinity;
    const setHeight = Math.min(box.width / ratio, maxHeight);
    if (box.width > 1 && box.height + 1 < setHeight) {
      problems.push(describe(video) + ' is ' + Math.round(box.height) + ' px tall, below its set size of ' + Math.round(setHeight) + ' px');
    }
  }
  // Words split across lines. Only text nodes that wrap are looked at word by word; hyphens and
  // slashes are places a word may break, so they end a word here.
  const range = document.createRange();
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  const brokenSeen = new Set();
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const text = node.textContent || '';
    const parent = node.parentElement;
    if (!parent || !/[^\\s\\-\\u2010-\\u2014/]{2}/.test(text) || parent.closest('script, style, noscript, textarea, option')) {
      continue;
    }
    range.selectNodeContents(node);
    const nodeLines = new Set([...range.getClientRects()].filter((rect) => rect.width > 0.5).map((rect) => Math.round(rect.top)));
    if (nodeLines.size < 2 || !isShown(parent)) {
      continue;
    }
    for (const match of text.matchAll(/[^\\s\\-\\u2010-\\u2014/]+/g)) {
      const word = match[0];
      // An address (name@host) is not an ordinary word: a narrow column may break it.
      if (word.length < 2 || word.length > MAX_ORDINARY_WORD || word.includes('@')) {
        continue;
      }
      range.setStart(node, match.index);
      range.setEnd(node, match.index + word.length);
      const rects = [...range.getClientRects()].filter((rect) => rect.width > 0.5);
      if (rects.length < 2) {
        continue;
      }
      const tops = rects.map((rect) => rect.top);
      if (Math.max(...tops) - Math.min(...tops) > Math.min(...rects.map((rect) => rect.height)) / 2) {
        const problem = 'the word "' + word + '" breaks across lines in ' + describe(parent) + ' (class "' + (parent.getAttribute('class') || '') + '")';
        if (!brokenSeen.has(problem)) {
          brokenSeen.add(problem);
          problems.push(problem);
        }
      }
    }
  }
  // Sideways scrollers: each needs a visible cue, a hint it is described by.
  for (const element of document.body.querySelectorAll('*')) {
    if (element.scrollWidth <= element.clientWidth + 1 || element === document.body || element === document.documentElement) {
      continue;
    }
    const style = getComputedStyle(element);
    if ((style.overflowX !== 'auto' && style.overflowX !== 'scroll') || !isShown(element) || element.clientWidth <= 1) {
      continue;
    }
    const hints = (element.getAttribute('aria-describedby') || '').split(/\\s+/).filter(Boolean).map((id) => document.getElementById(id));
    const hasCue = hints.some((hint) => hint && isShown(hint) && hint.getBoundingClientRect().width > 1 && (hint.textContent || '').trim() !== '');
    if (!hasCue) {
      problems.push(describe(element) + ' scrolls sideways (' + element.scrollWidth + ' > ' + element.clientWidth + ') with no visible cue (class "' + (element.getAttribute('class') || '') + '")');
    }
  }
  const selector = 'a[href], button, input:not([type=hidden]), select, textarea, summary, [role=button], [role=tab], [role=link], [role=checkbox], [role=menuitem]';
  const seen = new Set();
  const height = window.innerHeight;
  const last = Math.max(0, root.scrollHeight - height);
  for (let top = 0; ; top = Math.min(last, top + height)) {
    window.scrollTo(0, top);
    // Two frames for the page to paint the scrolled view; bounded, because a renderer starved by a
    // loaded machine may hold frames back for minutes (the boxes read below force layout anyway).
    await new Promise((resolve) => {
      requestAnimationFrame(() => requestAnimationFrame(resolve));
      setTimeout(resolve, 250);
    });
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
    const floatingPieces = new Set(document.querySelectorAll('[data-floating]'));
    // While a modal dialog is open, its backdrop covers the page on purpose (the page is inert):
    // fixed pieces are then the dialog's own, judged by the dialog rules, not floating ones. A live
    // region (the toasts) lays a passing message over the page on purpose too.
    const isModalOpen = document.querySelector('[role=dialog], [role=alertdialog]') !== null;
    for (const element of document.body.querySelectorAll('*')) {
      if (
        !isModalOpen &&
        getComputedStyle(element).position === 'fixed' &&
        !element.closest('[data-floating], [role=dialog], [role=alertdialog], [role=menu], [role=listbox], [role=tooltip], [data-radix-popper-content-wrapper], [aria-live]') &&
        !element.querySelector('[role=dialog], [role=alertdialog]') &&
        ![...floatingPieces].some((piece) => piece.contains(element))
      ) {
        floatingPieces.add(element);
      }
    }
    for (const floating of floatingPieces) {
      const kind = floating.getAttribute('data-floating') || 'always';
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

/** Horizontal overflow of the page and covered controls, each as a sentence (a frame's too). */
export async function findLayoutProblems(page: Pick<Page, 'evaluate'> | Frame): Promise<string[]> {
  return page.evaluate<string[]>(FIND_LAYOUT_PROBLEMS);
}

/** An unbroken word of exactly `length` characters: the worst case for wrapping. */
export function makeLongWord(prefix: string, length: number): string {
  return (prefix + 'W'.repeat(length)).slice(0, length);
}
