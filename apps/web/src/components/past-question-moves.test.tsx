import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LAB_PREVIEW, LAB_QUESTION } from '@/test/lab-preview';
import { renderWithProviders } from '@/test/render';
import { PastQuestionMoves } from './past-question-moves';

describe('PastQuestionMoves', () => {
  it('counts the questions that lose their answer and lists them by their text, marked', () => {
    renderWithProviders(<PastQuestionMoves preview={LAB_PREVIEW} />);
    expect(screen.getByTestId('review-preview-summary')).toHaveTextContent(
      'These changes move 2 past questions: 1 from fallback to an answer, 0 from one answer to another, 1 from an answer to fallback.',
    );
    expect(screen.getByTestId('review-preview-threshold')).toHaveTextContent(
      'The automatic threshold moves from 0.30 to 0.32.',
    );
    expect(screen.getByRole('alert')).toHaveTextContent(
      '1 would fall back instead of being answered.',
    );
    const items = within(
      screen.getByRole('list', { name: 'Past questions that move' }),
    ).getAllByRole('listitem');
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual([
      `Loses its answer: ${LAB_QUESTION}`,
      'What else should I ask you?',
    ]);
    expect(items[0]).toHaveTextContent(`${LAB_QUESTION}Can I visit your lab?Fallback`);
    expect(items[1]).toHaveTextContent('×3');
  });

  it('says nothing of a threshold that drifts below the third decimal (issue 44: "from 0.474 to 0.474")', () => {
    renderWithProviders(
      <PastQuestionMoves
        preview={{
          ...LAB_PREVIEW,
          threshold: { before: 0.47412, after: 0.47438, isAutomatic: true },
        }}
      />,
    );
    expect(screen.queryByTestId('review-preview-threshold')).not.toBeInTheDocument();
    expect(screen.queryByText(/threshold moves/)).not.toBeInTheDocument();
  });

  it('says nothing of a threshold that stays and warns of nothing when no question loses its answer', () => {
    renderWithProviders(
      <PastQuestionMoves
        preview={{
          ...LAB_PREVIEW,
          moved: 1,
          toFallback: 0,
          threshold: { before: 0.3, after: 0.3, isAutomatic: true },
          moves: [LAB_PREVIEW.moves[1]!],
        }}
      />,
    );
    expect(screen.queryByTestId('review-preview-threshold')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });
});
