// Issue 40, item 3: Response quality shows what the storyfile asked back with and what the asker
// chose; an editor turns the question into an alternate of the choice in one click.
import type { ReviewItem } from '@conversa/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ReviewTable } from './review-table';

const MOVIE = { questionId: 'q-movie', questionText: 'What is your favourite movie?' };
const JOB = { questionId: 'q-job', questionText: 'What do you do for a living?' };

const offered: ReviewItem = {
  id: 'e-1',
  conversationId: 'c-1',
  storyfileId: 's-1',
  storyfileName: 'Rose',
  channel: 'share',
  questionText: 'a film you love',
  inputMode: 'typed',
  decision: 'fallback',
  fallbackReason: 'off-topic',
  answerQuestionId: null,
  answerQuestionText: null,
  matchedQuestionId: null,
  matchedQuestionText: null,
  score: 0.62,
  confidence: 'low',
  inkTurn: null,
  inkChoiceText: null,
  clarification: 'did-you-mean',
  suggestions: [MOVIE, JOB],
  chosenFromExchangeId: null,
  createdAt: '2026-11-25T10:00:00.000Z',
  topCandidates: [],
  topMargin: null,
  reviewState: 'new',
  feedback: null,
  chosenSuggestion: MOVIE,
};

function renderTable(items: ReviewItem[], onMakeAlternate?: (item: ReviewItem) => void) {
  return renderWithProviders(
    <ReviewTable
      items={items}
      sort="createdAt"
      order="desc"
      onSort={() => undefined}
      selected={new Set()}
      onToggle={() => undefined}
      isSelectable={onMakeAlternate !== undefined}
      onMakeAlternate={onMakeAlternate}
    />,
  );
}

describe('ReviewTable, asked back', () => {
  it('shows the offer and the choice, and makes the question an alternate in one click', async () => {
    const onMakeAlternate = vi.fn();
    renderTable([offered], onMakeAlternate);
    expect(
      screen.getByText(
        'Did you mean…? “What is your favourite movie?” · “What do you do for a living?”',
      ),
    ).toBeInTheDocument();
    expect(screen.getByText(`Chose: ${MOVIE.questionText}`)).toBeInTheDocument();
    await userEvent.click(
      screen.getByRole('button', {
        name: `Make “a film you love” an alternate of “${MOVIE.questionText}”`,
      }),
    );
    expect(onMakeAlternate).toHaveBeenCalledWith(offered);
  });

  it('says when nothing was chosen, and offers no change to a reader', () => {
    renderTable([offered, { ...offered, id: 'e-2', chosenSuggestion: null }]);
    expect(screen.getByText('Nothing chosen')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /an alternate of/ })).toBeNull();
  });
});
