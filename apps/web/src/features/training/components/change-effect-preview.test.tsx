import type { ChangeEffect, ReviewPreview } from '@conversa/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { ChangeEffectPreview } from './change-effect-preview';

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

describe('ChangeEffectPreview', () => {
  const effect = (names: string[]): ChangeEffect => ({
    storyfiles: names.map((name, index) => ({
      storyfileId: `s${index}`,
      storyfileName: name,
      preview: PREVIEW,
    })),
  });

  it('shows one storyfile’s moves without naming it, and names each of several', () => {
    const { unmount } = renderWithProviders(
      <ChangeEffectPreview isEnabled error={null} data={effect(['Lab'])} idleText="idle" />,
    );
    expect(screen.getByRole('listitem', { name: `Loses its answer: ${LAB}` })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Lab' })).toBeNull();
    unmount();

    renderWithProviders(
      <ChangeEffectPreview isEnabled error={null} data={effect(['Lab', 'Farm'])} idleText="idle" />,
    );
    expect(screen.getByRole('heading', { name: 'Farm' })).toBeVisible();
    const farm = screen.getByRole('region', { name: 'Past questions of Farm' });
    expect(within(farm).getByRole('listitem', { name: `Loses its answer: ${LAB}` })).toBeVisible();
  });

  it('says what it waits for, that nothing moves, or the error', () => {
    const { rerender } = renderWithProviders(
      <ChangeEffectPreview
        isEnabled={false}
        error={null}
        data={undefined}
        idleText="Give a name and two phrases to see which past questions this would move."
      />,
    );
    expect(
      screen.getByText('Give a name and two phrases to see which past questions this would move.'),
    ).toBeVisible();
    rerender(<ChangeEffectPreview isEnabled error={null} data={{ storyfiles: [] }} idleText="" />);
    expect(screen.getByText('No past question would move.')).toBeVisible();
    rerender(
      <ChangeEffectPreview
        isEnabled
        error={new Error('Category not found.')}
        data={undefined}
        idleText=""
      />,
    );
    expect(screen.getByText('Category not found.')).toBeVisible();
  });
});
