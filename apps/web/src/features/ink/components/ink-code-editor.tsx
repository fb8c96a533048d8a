import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { basicSetup } from 'codemirror';
import {
  autocompletion,
  completionStatus,
  startCompletion,
  type CompletionContext,
} from '@codemirror/autocomplete';
import { setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView, type ViewUpdate } from '@codemirror/view';
import type { InkCompileMessage, InkQuestion } from '@conversa/contracts';
import { answerTagLabels, setAnswerTagQuestions } from '../utils/answer-tag-labels';
import { inkLanguage } from '../utils/ink-language';
import { steadyCursorWhileTyping } from '../utils/steady-cursor';
import { findTagCompletions } from '../utils/tag-completion';

export interface InkCodeEditorHandle {
  /** Puts the cursor at the start of a one-based line, scrolls it into view and focuses. */
  goToLine(line: number): void;
  /** The document now, typing not yet handed to `onChange` included (Save reads it). */
  getValue(): string;
}

/**
 * Time after the last keystroke before the editor hands its document to `onChange` (and so to
 * the compile worker). Until then a keystroke is CodeMirror's own incremental work only: the
 * 100 KB document is neither joined into a string nor lifted into React state per key.
 */
export const INK_EDIT_SETTLE_MS = 400;

const SEVERITY: Record<InkCompileMessage['severity'], Diagnostic['severity']> = {
  error: 'error',
  warning: 'warning',
  todo: 'info',
};

/**
 * Whether typing put the cursor in the value of a clip tag (`# answer:` or `# clip:`), where the
 * editor opens its completions. Elsewhere a keystroke starts no completion query: with CodeMirror's
 * activate-on-typing every key queried the source 100 ms later and dispatched its empty answer,
 * a second update and frame per key.
 */
function isTypingInTag(update: ViewUpdate): boolean {
  if (!update.transactions.some((transaction) => transaction.isUserEvent('input.type'))) {
    return false;
  }
  const { state } = update;
  if (completionStatus(state) !== null) {
    return false;
  }
  const head = state.selection.main.head;
  const line = state.doc.lineAt(head);
  return findTagCompletions(line.text.slice(0, head - line.from), []) !== null;
}

/** Diagnostics for CodeMirror: each message on its line; messages without a line on line 1. */
export function toDiagnostics(
  doc: EditorState['doc'],
  messages: readonly InkCompileMessage[],
): Diagnostic[] {
  return messages.map((message) => {
    const lineNumber = Math.min(Math.max(message.line ?? 1, 1), doc.lines);
    const line = doc.line(lineNumber);
    return {
      from: line.from,
      to: line.to,
      severity: SEVERITY[message.severity],
      message: message.line === null ? `${message.message} (no line given)` : message.message,
    };
  });
}

/**
 * The ink source editor: CodeMirror 6 with ink highlighting, the compiler's messages inline, and
 * completion of the storyfile's questions after `# answer:` (and clip names after `# clip:`), and
 * each `# answer:` tag's question text beside its id.
 * `onEdit` is told at once of the first change of a burst of typing; `onChange` gets the document
 * once typing pauses for INK_EDIT_SETTLE_MS.
 */
export function InkCodeEditor({
  initialValue,
  onChange,
  onEdit,
  messages,
  questions,
  isReadOnly = false,
  ref,
}: {
  /** Read when the editor is created; later changes come from typing (remount to replace). */
  initialValue: string;
  onChange: (value: string) => void;
  /** Called on the first change after the document was last handed to `onChange`. */
  onEdit?: () => void;
  messages: readonly InkCompileMessage[];
  questions: readonly InkQuestion[];
  isReadOnly?: boolean;
  ref?: Ref<InkCodeEditorHandle>;
}) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  const onEditRef = useRef(onEdit);
  const questionsRef = useRef(questions);
  const settleTimerRef = useRef<number | null>(null);
  useEffect(() => {
    onChangeRef.current = onChange;
    onEditRef.current = onEdit;
    questionsRef.current = questions;
  });

  useEffect(() => {
    const complete = (context: CompletionContext) => {
      const line = context.state.doc.lineAt(context.pos);
      const found = findTagCompletions(
        line.text.slice(0, context.pos - line.from),
        questionsRef.current,
      );
      if (!found) {
        return null;
      }
      return {
        from: line.from + found.from,
        options: found.options.map((option) => ({ ...option, type: 'constant' })),
        filter: false,
      };
    };
    const view = new EditorView({
      parent: hostRef.current!,
      state: EditorState.create({
        doc: initialValue,
        extensions: [
          basicSetup,
          steadyCursorWhileTyping,
          inkLanguage,
          answerTagLabels(questions),
          EditorView.lineWrapping,
          // Opened by typing in a tag only (isTypingInTag) or by Ctrl+Space; once open it follows
          // the typing.
          autocompletion({ override: [complete], activateOnTyping: false }),
          EditorState.readOnly.of(isReadOnly),
          EditorView.contentAttributes.of({ 'aria-label': 'Ink source' }),
          EditorView.updateListener.of((update) => {
            if (!update.docChanged) {
              return;
            }
            if (isTypingInTag(update)) {
              // Not inside the update: CodeMirror takes the next transaction after it.
              queueMicrotask(() => startCompletion(update.view));
            }
            if (settleTimerRef.current === null) {
              // The first change since the document was last handed over.
              onEditRef.current?.();
            } else {
              window.clearTimeout(settleTimerRef.current);
            }
            settleTimerRef.current = window.setTimeout(() => {
              settleTimerRef.current = null;
              onChangeRef.current(update.view.state.doc.toString());
            }, INK_EDIT_SETTLE_MS);
          }),
          EditorView.theme({
            '&': { height: '100%', fontSize: '14px' },
            '.cm-scroller': { fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace' },
          }),
        ],
      }),
    });
    viewRef.current = view;
    return () => {
      if (settleTimerRef.current !== null) {
        window.clearTimeout(settleTimerRef.current);
        settleTimerRef.current = null;
      }
      view.destroy();
      viewRef.current = null;
    };
    // The editor owns its document after creation; a new initialValue needs a remount (key).
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const view = viewRef.current;
    if (view) {
      view.dispatch(setDiagnostics(view.state, toDiagnostics(view.state.doc, messages)));
    }
  }, [messages]);

  useEffect(() => {
    viewRef.current?.dispatch({ effects: setAnswerTagQuestions.of(questions) });
  }, [questions]);

  useImperativeHandle(ref, () => ({
    goToLine(lineNumber: number) {
      const view = viewRef.current;
      if (!view) {
        return;
      }
      const line = view.state.doc.line(Math.min(Math.max(lineNumber, 1), view.state.doc.lines));
      view.dispatch({ selection: { anchor: line.from }, scrollIntoView: true });
      view.focus();
    },
    getValue() {
      return viewRef.current?.state.doc.toString() ?? initialValue;
    },
  }));

  return (
    <div
      ref={hostRef}
      // Its size is its parent's: layout and paint inside the editor stay inside it, so a
      // keystroke never lays out or repaints the rest of the page.
      style={{ contain: 'strict' }}
      className="h-full min-h-[24rem] overflow-hidden rounded-lg border border-slate-300 bg-white"
    />
  );
}
