import { act, render } from '@testing-library/react';
import { completionStatus, currentCompletions } from '@codemirror/autocomplete';
import { EditorView } from '@codemirror/view';
import type { InkQuestion } from '@conversa/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { STEADY_CURSOR_CLASS, STEADY_CURSOR_PAUSE_MS } from '../utils/steady-cursor';
import { INK_EDIT_SETTLE_MS, InkCodeEditor } from './ink-code-editor';

/** About 100 KB of ink, the size of story that froze the page when typed into (issue 33). */
const LARGE_STORY = Array.from(
  { length: 900 },
  (_, knot) =>
    `== knot_${knot}\nThe wind came over the hill and the author wrote it down.\n-> END\n`,
).join('\n');

describe('InkCodeEditor', () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('hands the document over once typing pauses, not per keystroke', () => {
    const onChange = vi.fn<(value: string) => void>();
    const onEdit = vi.fn<() => void>();
    const { container } = render(
      <InkCodeEditor
        initialValue={LARGE_STORY}
        onChange={onChange}
        onEdit={onEdit}
        messages={[]}
        questions={[]}
      />,
    );
    const view = EditorView.findFromDOM(container.querySelector<HTMLElement>('.cm-editor')!)!;
    expect(LARGE_STORY.length).toBeGreaterThan(50_000);

    // Keys typed at the end faster than the pause: the first is told to onEdit, none joins the
    // document into a string for onChange.
    for (const key of 'The end.') {
      view.dispatch({ changes: { from: view.state.doc.length, insert: key } });
      vi.advanceTimersByTime(INK_EDIT_SETTLE_MS / 4);
    }
    expect(onEdit).toHaveBeenCalledTimes(1);
    expect(onChange).not.toHaveBeenCalled();

    // The pause: one onChange with the whole document.
    vi.advanceTimersByTime(INK_EDIT_SETTLE_MS);
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith(`${LARGE_STORY}The end.`);

    // The next burst is told again.
    view.dispatch({ changes: { from: view.state.doc.length, insert: '!' } });
    expect(onEdit).toHaveBeenCalledTimes(2);
  });

  it('opens the question completions when typing reaches an answer tag, and queries nothing for other keys', async () => {
    const questions: InkQuestion[] = [
      {
        id: 'q-childhood',
        text: 'Where did you grow up?',
        topicName: 'Childhood',
        isRecorded: true,
      },
    ];
    const { container } = render(
      <InkCodeEditor
        initialValue={'Hello.\n'}
        onChange={() => {}}
        messages={[]}
        questions={questions}
      />,
    );
    const view = EditorView.findFromDOM(container.querySelector<HTMLElement>('.cm-editor')!)!;
    const type = (text: string) => {
      for (const key of text) {
        view.dispatch({
          changes: { from: view.state.doc.length, insert: key },
          selection: { anchor: view.state.doc.length + 1 },
          userEvent: 'input.type',
        });
      }
    };

    type('I grew up by the sea.');
    await Promise.resolve();
    vi.advanceTimersByTime(200);
    expect(completionStatus(view.state)).toBeNull();

    type(' # answer: grow');
    await Promise.resolve();
    expect(completionStatus(view.state)).toBe('pending');
    await vi.advanceTimersByTimeAsync(200);
    expect(completionStatus(view.state)).toBe('active');
    expect(currentCompletions(view.state).map((option) => option.label)).toEqual([
      'Where did you grow up?',
    ]);
  });

  // Issue 44, item 31: an `# answer:` tag showed only the question's id.
  it('shows each answer tag’s question text beside its id, follows the questions and the edits, and says when an id names none', () => {
    const grewUp: InkQuestion = {
      id: 'q-childhood',
      text: 'Where did you grow up?',
      topicName: 'Childhood',
      isRecorded: true,
    };
    const job: InkQuestion = {
      id: 'q-job',
      text: 'What was your first job?',
      topicName: 'Work',
      isRecorded: false,
    };
    const { container, rerender } = render(
      <InkCodeEditor
        initialValue={
          'By the sea. # answer: q-childhood\nA second line. # answer: q-gone\n' +
          // Tags in comments are text (the new story's template explains them in one): no label.
          '//   # answer: <question id>   (type "# answer:")\n/* # answer: q-childhood */\n'
        }
        onChange={() => {}}
        messages={[]}
        questions={[grewUp]}
      />,
    );
    const view = EditorView.findFromDOM(container.querySelector<HTMLElement>('.cm-editor')!)!;
    const labels = () =>
      [...container.querySelectorAll('.cm-answer-label')].map((label) => label.textContent);
    expect(labels()).toEqual(['“Where did you grow up?”', '(no question of this storyfile)']);
    // The label stands after the id, on its line.
    const firstLine = container.querySelector('.cm-line')!;
    expect(firstLine.textContent).toBe('By the sea. # answer: q-childhood“Where did you grow up?”');

    // The questions arrive or change after the editor: the labels follow.
    rerender(
      <InkCodeEditor
        initialValue={''}
        onChange={() => {}}
        messages={[]}
        questions={[grewUp, { ...job, id: 'q-gone' }]}
      />,
    );
    expect(labels()).toEqual(['“Where did you grow up?”', '“What was your first job?”']);

    // An edit of the id: the label follows it.
    act(() => {
      view.dispatch({
        changes: { from: 0, to: view.state.doc.line(1).to, insert: '# answer: q-gone' },
      });
    });
    expect(labels()).toEqual(['“What was your first job?”', '“What was your first job?”']);
  });

  it('holds the cursor steady while the author types, and lets it blink again once they pause', () => {
    const { container } = render(
      <InkCodeEditor initialValue={LARGE_STORY} onChange={() => {}} messages={[]} questions={[]} />,
    );
    const view = EditorView.findFromDOM(container.querySelector<HTMLElement>('.cm-editor')!)!;
    const isSteady = () => view.scrollDOM.classList.contains(STEADY_CURSOR_CLASS);
    // The rule that stops the blink animation CodeMirror restarts on every move.
    const styles = [...document.querySelectorAll('style')]
      .map((style) => style.textContent)
      .join('');
    expect(styles).toMatch(
      new RegExp(`\\.${STEADY_CURSOR_CLASS} \\.cm-cursorLayer\\s*\\{animation:\\s*none !important`),
    );
    expect(isSteady()).toBe(false);

    for (const key of 'The end.') {
      view.dispatch({
        changes: { from: view.state.doc.length, insert: key },
        selection: { anchor: view.state.doc.length + 1 },
      });
      vi.advanceTimersByTime(STEADY_CURSOR_PAUSE_MS / 2);
      expect(isSteady()).toBe(true);
    }
    vi.advanceTimersByTime(STEADY_CURSOR_PAUSE_MS);
    expect(isSteady()).toBe(false);

    // A move of the cursor alone holds it steady too.
    view.dispatch({ selection: { anchor: 0 } });
    expect(isSteady()).toBe(true);
  });
});
