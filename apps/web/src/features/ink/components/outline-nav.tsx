import { memo } from 'react';
import { type InkOutlineEntry } from '@conversa/contracts';

/**
 * The knots, stitches and functions of the source, each a button to its line. The list scrolls in
 * its own pane, as tall as the editor beside it: a story of hundreds of knots would otherwise make
 * the page thousands of pixels tall, and every keystroke's paint walk the whole of it.
 */
export const OutlineNav = memo(function OutlineNav({
  outline,
  onGoToLine,
}: {
  outline: readonly InkOutlineEntry[];
  onGoToLine: (line: number) => void;
}) {
  return (
    <nav aria-label="Outline" className="order-2 min-w-0 lg:order-1">
      <h2 className="text-sm font-semibold text-slate-800">Outline</h2>
      {outline.length === 0 ? (
        <p className="text-sm text-slate-600">No knots yet: start one with == name ==.</p>
      ) : (
        <ul className="mt-1 flex max-h-64 flex-col overflow-y-auto overscroll-contain text-sm lg:max-h-[30rem]">
          {outline.map((entry) => (
            <li
              key={`${entry.path}:${entry.line}`}
              className={entry.kind === 'stitch' ? 'pl-3' : ''}
            >
              <button
                type="button"
                className="min-h-6 max-w-full min-w-6 truncate py-0.5 text-left text-brand-700 hover:underline"
                onClick={() => onGoToLine(entry.line)}
              >
                {entry.kind === 'function' ? `${entry.name}()` : entry.name}
              </button>
            </li>
          ))}
        </ul>
      )}
    </nav>
  );
});
