import type { ReviewPreview } from '@conversa/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { PastQuestionMoves } from './past-question-moves';

// Issue 28: "Every preview (correct match, alternates, categories, words, threshold) must count and
// list the past questions that would **lose** their answer". The lab question of the issue's case
// loses its answer when a category moves the automatic threshold from 0.2984 to 0.3237.

const LAB = "What's going on in your lab?";
const PREVIEW: ReviewPreview = {
  examined: 4,
  moved: 2,
  fromFallback: 1,
  betweenAnswers: 0,
  toFallback: 1,
  threshold: { before: 0.2984, after: 0.3237, isAutomatic: true },
  moves: [
    {
      questionText: LAB,
      count: 1,
      before: { questionId: 'q-lab', questionText: 'Can I visit your lab?' },
      after: { questionId: null, questionText: null },
    },
    {
      questionText: 'What else should I ask you?',
      count: 3,
      before: { questionId: null, questionText: null },
      after: { questionId: 'q-ask', questionText: 'What question do people ask you most often?' },
    },
  ],
};

describe('PastQuestionMoves', () => {
  it('counts the questions that lose their answer and lists them by their text, marked', () => {
    renderWithProviders(<PastQuestionMoves preview={PREVIEW} />);
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
      `Loses its answer: ${LAB}`,
      'What else should I ask you?',
    ]);
    expect(items[0]).toHaveTextContent(`${LAB}Can I visit your lab?Fallback`);
    expect(items[1]).toHaveTextContent('×3');
  });

  it('says nothing of a threshold that stays and warns of nothing when no question loses its answer', () => {
    renderWithProviders(
      <PastQuestionMoves
        preview={{
          ...PREVIEW,
          moved: 1,
          toFallback: 0,
          threshold: { before: 0.3, after: 0.3, isAutomatic: true },
          moves: [PREVIEW.moves[1]!],
        }}
      />,
    );
    expect(screen.queryByTestId('review-preview-threshold')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
  });
});
