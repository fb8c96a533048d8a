import type { ReviewAnswerOption } from '@conversa/contracts';
import { screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ReviewChangeDialog } from './review-change-dialog';

// Issue 32, item 12: the Correct-match dialog opened with focus on Cancel while its answers
// loaded; it exists to pick the right answer, so focus belongs on the "Right answer" list.

const STORYFILE = '66666666-6666-4666-8666-666666666666';
const ANSWERS: ReviewAnswerOption[] = [
  { questionId: 'q1', text: 'Where did you grow up?', topicName: 'Childhood', isRecorded: true },
  { questionId: 'q2', text: 'What was your first job?', topicName: 'Work', isRecorded: false },
];

afterEach(() => vi.unstubAllGlobals());

describe('ReviewChangeDialog, Correct match', () => {
  it('opens with focus on the "Right answer" list once the answers arrive, not on Cancel', async () => {
    let answer: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        const url = new URL(input, 'http://studio');
        if (url.pathname.endsWith('/training/answers')) {
          return new Promise<Response>((resolve) => {
            answer = resolve;
          });
        }
        return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
      }),
    );
    renderWithProviders(
      <ReviewChangeDialog
        storyfileId={STORYFILE}
        target={{ kind: 'correct', entryIds: ['e1'], representative: 'where u from' }}
        onClose={() => undefined}
      />,
    );
    const cancel = await screen.findByRole('button', { name: 'Cancel' });
    await screen.findByText('Loading answers');
    expect(cancel).not.toHaveFocus();
    expect(screen.getByRole('dialog')).toContainElement(document.activeElement as HTMLElement);

    answer(Response.json({ items: ANSWERS }));
    const list = await screen.findByRole('combobox', { name: 'Right answer' });
    await waitFor(() => expect(list).toHaveFocus());
  });

  // Issue 68, item 6: Correct match opens on the matcher's best candidate (utils/correct-match.ts).
  it.each([
    ['an answer of the list: chosen', 'q2', 'q2'],
    ['a question deleted since: nothing chosen', 'q-deleted', ''],
  ])('opens on the preselected answer, %s', async (_case, preselected, expected) => {
    const previewed: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) => {
        const path = new URL(input, 'http://studio').pathname;
        if (path.endsWith('/training/preview') && typeof init?.body === 'string') {
          previewed.push(JSON.parse(init.body));
        }
        return Promise.resolve(
          path.endsWith('/training/answers')
            ? Response.json({ items: ANSWERS })
            : Response.json({ message: 'Not found' }, { status: 404 }),
        );
      }),
    );
    renderWithProviders(
      <ReviewChangeDialog
        storyfileId={STORYFILE}
        target={{
          kind: 'correct',
          entryIds: ['e1'],
          representative: 'what was your first work',
          questionId: preselected,
        }}
        onClose={() => undefined}
      />,
    );
    const list = await screen.findByRole('combobox', { name: 'Right answer' });
    await waitFor(() => expect(list).toHaveValue(expected));
    // What is previewed is what the list shows: never a question it does not hold.
    await waitFor(() =>
      expect(previewed).toEqual(
        expected === '' ? [] : [expect.objectContaining({ questionId: expected })],
      ),
    );
  });
});

// Issue 68, item 1: "Add to record queue" on a group that means a scripted, unrecorded question.
describe('ReviewChangeDialog, Add to record queue', () => {
  it('warns that the script has the question, and turns into its alternate on request', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }))),
    );
    const onRetarget = vi.fn();
    const target = {
      kind: 'record' as const,
      entryIds: ['e1'],
      representative: 'What scares you?',
      scripted: { questionId: 'q2', questionText: 'What was your first job?' },
    };
    renderWithProviders(
      <ReviewChangeDialog
        storyfileId={STORYFILE}
        target={target}
        onRetarget={onRetarget}
        onClose={() => undefined}
      />,
    );
    expect(await screen.findByText(/The script already has/)).toHaveTextContent(
      'The script already has “What was your first job?”, not recorded yet. Adding this question too would make two to record for one answer.',
    );
    screen.getByRole('button', { name: 'Add as its alternate instead' }).click();
    expect(onRetarget).toHaveBeenCalledWith({
      ...target,
      kind: 'correct',
      questionId: 'q2',
      isRetargeted: true,
    });
  });
});

// Issue 66 item 3: accepting what visitors chose is a correct match, titled and explained as such.
describe('ReviewChangeDialog, accepting what visitors chose', () => {
  it('says what accepting does, on the answer they chose, with its preview', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) =>
        Promise.resolve(
          new URL(input, 'http://studio').pathname.endsWith('/training/answers')
            ? Response.json({ items: ANSWERS })
            : Response.json({ message: 'Not found' }, { status: 404 }),
        ),
      ),
    );
    renderWithProviders(
      <ReviewChangeDialog
        storyfileId={STORYFILE}
        target={{
          kind: 'correct',
          entryIds: ['e1', 'e2'],
          representative: 'where u from',
          questionId: 'q1',
          isAccepting: true,
        }}
        onClose={() => undefined}
      />,
    );
    const dialog = await screen.findByRole('dialog', { name: 'Accept what visitors chose' });
    expect(dialog).toHaveTextContent(
      'Their questions become alternate phrasings of the answer they chose, your own label',
    );
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: 'Right answer' })).toHaveValue('q1'),
    );
  });
});

// The record queue's "Add as its alternate instead" focuses the answer once: the preview arriving
// later never pulls focus back from where the person moved it.
describe('ReviewChangeDialog, turned into a correct match while open', () => {
  it('focuses the answer once, and leaves focus where the person moved it', async () => {
    let answerPreview: (response: Response) => void = () => undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string) => {
        const path = new URL(input, 'http://studio').pathname;
        if (path.endsWith('/training/answers')) {
          return Promise.resolve(Response.json({ items: ANSWERS }));
        }
        if (path.endsWith('/training/preview')) {
          return new Promise<Response>((resolve) => {
            answerPreview = resolve;
          });
        }
        return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
      }),
    );
    renderWithProviders(
      <ReviewChangeDialog
        storyfileId={STORYFILE}
        target={{
          kind: 'correct',
          entryIds: ['e1'],
          representative: 'What scares you?',
          questionId: 'q2',
          isRetargeted: true,
        }}
        onClose={() => undefined}
      />,
    );
    const list = await screen.findByRole('combobox', { name: 'Right answer' });
    await waitFor(() => expect(list).toHaveFocus());
    const cancel = screen.getByRole('button', { name: 'Cancel' });
    cancel.focus();
    answerPreview(
      Response.json({
        examined: 1,
        moved: 1,
        fromFallback: 1,
        betweenAnswers: 0,
        toFallback: 0,
        threshold: { before: 0.3, after: 0.3, isAutomatic: true },
        moves: [],
      }),
    );
    await screen.findByTestId('review-preview-summary');
    expect(cancel).toHaveFocus();
  });
});
