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
