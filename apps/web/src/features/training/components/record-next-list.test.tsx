import type { RecordNextItem } from '@conversa/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { RecordNextList } from './record-next-list';

// Issue 68, item 7: what to record next, from what visitors asked.

const STORYFILE = '66666666-6666-4666-8666-666666666666';
const AFRAID: RecordNextItem = {
  questionId: 'afraid-id',
  questionText: 'What are you afraid of?',
  topicName: 'Feelings',
  visitors: 3,
  count: 4,
  questions: [
    { text: 'What scares you?', count: 2 },
    { text: 'Are you scared of anything?', count: 1 },
  ],
  entryIds: ['e1', 'e2', 'e3', 'e4'],
};
const SIBLINGS: RecordNextItem = {
  questionId: 'siblings-id',
  questionText: 'Did you have any brothers or sisters?',
  topicName: 'Family',
  visitors: 1,
  count: 1,
  questions: [{ text: 'How many siblings do you have?', count: 1 }],
  entryIds: ['e5'],
};

function serve(items: RecordNextItem[], applied: unknown[] = []) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://studio').pathname;
      if (path.endsWith('/training/record-next')) {
        return Promise.resolve(Response.json({ items }));
      }
      if (path.endsWith('/training/actions') && init?.method === 'POST') {
        applied.push(JSON.parse(init.body as string));
        return Promise.resolve(
          Response.json(
            {
              action: {
                id: 'a1',
                storyfileId: STORYFILE,
                kind: 'correct',
                questionId: AFRAID.questionId,
                questionText: AFRAID.questionText,
                entryIds: AFRAID.entryIds,
                autoClosedEntryIds: [],
                addedAlternates: ['What scares you?', 'Are you scared of anything?'],
                removedAlternates: [],
                normalizedTexts: [],
                createdBy: null,
                createdAt: '2026-11-28T10:00:00.000Z',
                undoneAt: null,
              },
              preview: {
                examined: 4,
                moved: 0,
                fromFallback: 0,
                betweenAnswers: 0,
                toFallback: 0,
                threshold: { before: 0.3, after: 0.3, isAutomatic: true },
                moves: [],
              },
            },
            { status: 201 },
          ),
        );
      }
      return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    }),
  );
}

afterEach(() => vi.unstubAllGlobals());

describe('RecordNextList', () => {
  it('lists the unrecorded questions visitors asked for, most visitors first, with their words', async () => {
    serve([AFRAID, SIBLINGS]);
    renderWithProviders(<RecordNextList storyfileId={STORYFILE} canEdit />);
    const entries = within(await screen.findByRole('list', { name: 'Record next' }))
      .getAllByRole('listitem')
      .filter((item) => item.getAttribute('aria-label')?.startsWith('To record: '));
    expect(entries.map((entry) => entry.getAttribute('aria-label'))).toEqual([
      'To record: What are you afraid of?',
      'To record: Did you have any brothers or sisters?',
    ]);
    expect(entries[0]).toHaveTextContent('Feelings · asked by 3 visitors in 4 questions');
    expect(entries[0]).toHaveTextContent('What scares you? (2)');
    expect(entries[0]).toHaveTextContent('Are you scared of anything?');
    expect(
      within(entries[0]!).getByRole('link', { name: 'Record “What are you afraid of?”' }),
    ).toHaveAttribute('href', `/storyfiles/${STORYFILE}?tab=record&question=afraid-id`);
  });

  it("adds the visitors' words as the question's alternates in one step, with an undo", async () => {
    const applied: unknown[] = [];
    serve([AFRAID], applied);
    renderWithProviders(<RecordNextList storyfileId={STORYFILE} canEdit />);
    await userEvent.click(
      await screen.findByRole('button', {
        name: 'Add their words as alternates of “What are you afraid of?”',
      }),
    );
    expect(
      await screen.findByText(
        /The visitors’ words are now alternates of “What are you afraid of\?”/,
      ),
    ).toBeInTheDocument();
    expect(applied).toEqual([
      { kind: 'correct', entryIds: AFRAID.entryIds, questionId: 'afraid-id' },
    ]);
    expect(screen.getByRole('button', { name: 'Undo' })).toBeInTheDocument();
  });

  it('offers no action to someone who cannot edit, and says when there is nothing to record', async () => {
    serve([AFRAID]);
    const view = renderWithProviders(<RecordNextList storyfileId={STORYFILE} canEdit={false} />);
    await screen.findByRole('list', { name: 'Record next' });
    expect(screen.queryByRole('link')).toBeNull();
    expect(screen.queryByRole('button')).toBeNull();
    view.unmount();
    serve([]);
    renderWithProviders(<RecordNextList storyfileId={STORYFILE} canEdit />);
    expect(
      await screen.findByText(
        /Nothing to record next: no visitor asked for an unrecorded question in the last 90 days\./,
      ),
    ).toBeInTheDocument();
  });
});
