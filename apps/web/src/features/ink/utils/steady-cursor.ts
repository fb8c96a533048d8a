import { EditorView, ViewPlugin, type ViewUpdate } from '@codemirror/view';

/** Time after the last edit or cursor move before the cursor blinks again. */
export const STEADY_CURSOR_PAUSE_MS = 500;

/** Marks the editor's scroller while the author types or moves the cursor. */
export const STEADY_CURSOR_CLASS = 'cm-steady-cursor';

/**
 * Holds CodeMirror's drawn cursor steady while the author types or moves it, and lets it blink
 * again once they pause, as a native text field's caret does. CodeMirror restarts the blink
 * animation on every selection change to show the cursor at once; at the end of a 100 KB story
 * that restart cost each keystroke 2–3 ms of main-thread time (docs/benchmarks.md). The class sits
 * on `view.scrollDOM`, whose class CodeMirror sets only once, so it never overwrites the mark.
 */
export const steadyCursorWhileTyping = [
  ViewPlugin.define((view) => {
    let timer: number | undefined;
    const settle = () => {
      timer = undefined;
      view.scrollDOM.classList.remove(STEADY_CURSOR_CLASS);
    };
    return {
      update(update: ViewUpdate) {
        if (!update.docChanged && !update.selectionSet) {
          return;
        }
        if (timer === undefined) {
          view.scrollDOM.classList.add(STEADY_CURSOR_CLASS);
        } else {
          window.clearTimeout(timer);
        }
        timer = window.setTimeout(settle, STEADY_CURSOR_PAUSE_MS);
      },
      destroy() {
        window.clearTimeout(timer);
      },
    };
  }),
  // Above the animation CodeMirror sets inline on the cursor layer (its name toggled per move).
  EditorView.theme({
    [`.${STEADY_CURSOR_CLASS} .cm-cursorLayer`]: { animation: 'none !important' },
  }),
];
