import { syntaxTree } from '@codemirror/language';
import {
  RangeSetBuilder,
  StateEffect,
  StateField,
  type EditorState,
  type Extension,
} from '@codemirror/state';
import {
  Decoration,
  EditorView,
  ViewPlugin,
  WidgetType,
  type DecorationSet,
  type ViewUpdate,
} from '@codemirror/view';
import type { InkQuestion } from '@conversa/contracts';

/** An `# answer:` tag's question id in a line: where it ends (after it the label goes) and it. */
export interface AnswerTagReference {
  id: string;
  /** Offset in the line of its `#`. */
  start: number;
  /** Offset in the line just after the id. */
  end: number;
}

/** The question ids the `# answer:` tags of a line name (a line may carry several tags). */
export function findAnswerTagReferences(line: string): AnswerTagReference[] {
  const found: AnswerTagReference[] = [];
  for (const match of line.matchAll(/#\s*answer\s*:\s*([^\s#\]]+)/gi)) {
    found.push({ id: match[1]!, start: match.index, end: match.index + match[0].length });
  }
  return found;
}

/** What the editor shows beside a tag's id: the question's text, or that it names none. */
export function describeAnswerTag(id: string, questions: readonly InkQuestion[]): string {
  const question = questions.find((candidate) => candidate.id === id);
  return question === undefined ? 'no question of this storyfile' : question.text;
}

class AnswerLabelWidget extends WidgetType {
  constructor(
    readonly text: string,
    readonly isKnown: boolean,
  ) {
    super();
  }

  override eq(other: AnswerLabelWidget) {
    return other.text === this.text && other.isKnown === this.isKnown;
  }

  toDOM() {
    const label = document.createElement('span');
    label.className = this.isKnown ? 'cm-answer-label' : 'cm-answer-label cm-answer-label-unknown';
    label.textContent = this.isKnown ? `“${this.text}”` : `(${this.text})`;
    return label;
  }
}

/** Sets the storyfile's questions the labels read (they load after the editor, and change). */
export const setAnswerTagQuestions = StateEffect.define<readonly InkQuestion[]>();

const questionsField = StateField.define<readonly InkQuestion[]>({
  create: () => [],
  update: (questions, transaction) => {
    for (const effect of transaction.effects) {
      if (effect.is(setAnswerTagQuestions)) {
        return effect.value;
      }
    }
    return questions;
  },
});

/**
 * Whether a position is in a `//` or `/* … *\/` comment, as the ink highlighter parsed it: a tag
 * there is text, not a tag (the compiler skips it too), so it gets no label (issue 68: the new
 * story's template said "(no question of this storyfile)" inside its comment).
 */
function isInComment(state: EditorState, position: number): boolean {
  return syntaxTree(state).resolveInner(position, 1).name === 'comment';
}

function buildLabels(view: EditorView): DecorationSet {
  const questions = view.state.field(questionsField);
  const builder = new RangeSetBuilder<Decoration>();
  for (const { from, to } of view.visibleRanges) {
    for (let position = from; position <= to;) {
      const line = view.state.doc.lineAt(position);
      for (const reference of findAnswerTagReferences(line.text)) {
        if (isInComment(view.state, line.from + reference.start)) {
          continue;
        }
        const question = questions.find((candidate) => candidate.id === reference.id);
        builder.add(
          line.from + reference.end,
          line.from + reference.end,
          Decoration.widget({
            widget: new AnswerLabelWidget(
              describeAnswerTag(reference.id, questions),
              question !== undefined,
            ),
            side: 1,
          }),
        );
      }
      position = line.to + 1;
    }
  }
  return builder.finish();
}

/**
 * Beside each `# answer:` tag's question id, the question's text (issue 44: the editor showed
 * only the id, which says nothing to the author), or that the id names no question of the
 * storyfile. Only the lines in view are read.
 */
export function answerTagLabels(initialQuestions: readonly InkQuestion[]): Extension {
  return [
    questionsField.init(() => initialQuestions),
    ViewPlugin.fromClass(
      class {
        decorations: DecorationSet;
        constructor(view: EditorView) {
          this.decorations = buildLabels(view);
        }
        update(update: ViewUpdate) {
          if (
            update.docChanged ||
            update.viewportChanged ||
            // The highlighter parses on after an edit: where comments are follows it.
            syntaxTree(update.startState) !== syntaxTree(update.state) ||
            update.startState.field(questionsField) !== update.state.field(questionsField)
          ) {
            this.decorations = buildLabels(update.view);
          }
        }
      },
      { decorations: (plugin) => plugin.decorations },
    ),
    EditorView.baseTheme({
      '.cm-answer-label': { marginLeft: '0.5em', color: '#475569', fontStyle: 'italic' },
      '.cm-answer-label-unknown': { color: '#b91c1c' },
    }),
  ];
}
