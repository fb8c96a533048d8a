import { useEffect, useImperativeHandle, useRef, type Ref } from 'react';
import { basicSetup } from 'codemirror';
import { autocompletion, type CompletionContext } from '@codemirror/autocomplete';
import { setDiagnostics, type Diagnostic } from '@codemirror/lint';
import { EditorState } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import type { InkCompileMessage, InkQuestion } from '@conversa/contracts';
import { inkLanguage } from '../utils/ink-language';
import { findTagCompletions } from '../utils/tag-completion';

export interface InkCodeEditorHandle {
  /** Puts the cursor at the start of a one-based line, scrolls it into view and focuses. */
  goToLine(line: number): void;
}

const SEVERITY: Record<InkCompileMessage['severity'], Diagnostic['severity']> = {
  error: 'error',
  warning: 'warning',
  todo: 'info',
};

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
 * completion of the storyfile's questions after `# answer:` (and clip names after `# clip:`).
 */
export function InkCodeEditor({
  initialValue,
  onChange,
  messages,
  questions,
  isReadOnly = false,
  ref,
}: {
  /** Read when the editor is created; later changes come from typing (remount to replace). */
  initialValue: string;
  onChange: (value: string) => void;
  messages: readonly InkCompileMessage[];
  questions: readonly InkQuestion[];
  isReadOnly?: boolean;
  ref?: Ref<InkCodeEditorHandle>;
}) {
  const hostRef = useRef<HTMLDivElement>(null);
  const viewRef = useRef<EditorView | null>(null);
  const onChangeRef = useRef(onChange);
  const questionsRef = useRef(questions);
  useEffect(() => {
    onChangeRef.current = onChange;
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
          inkLanguage,
          EditorView.lineWrapping,
          autocompletion({ override: [complete], activateOnTyping: true }),
          EditorState.readOnly.of(isReadOnly),
          EditorView.contentAttributes.of({ 'aria-label': 'Ink source' }),
          EditorView.updateListener.of((update) => {
            if (update.docChanged) {
              onChangeRef.current(update.state.doc.toString());
            }
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
  }));

  return (
    <div
      ref={hostRef}
      className="h-full min-h-[24rem] overflow-hidden rounded-lg border border-slate-300 bg-white"
    />
  );
}
