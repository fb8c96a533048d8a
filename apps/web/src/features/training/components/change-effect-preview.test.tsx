import type { ChangeEffect } from '@conversa/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LAB_PREVIEW, LAB_QUESTION } from '@/test/lab-preview';
import { renderWithProviders } from '@/test/render';
import { ChangeEffectPreview } from './change-effect-preview';

describe('ChangeEffectPreview', () => {
  const effect = (names: string[]): ChangeEffect => ({
    storyfiles: names.map((name, index) => ({
      storyfileId: `s${index}`,
      storyfileName: name,
      preview: LAB_PREVIEW,
    })),
  });

  it('shows one storyfile’s moves without naming it, and names each of several', () => {
    const { unmount } = renderWithProviders(
      <ChangeEffectPreview isEnabled error={null} data={effect(['Lab'])} idleText="idle" />,
    );
    expect(
      screen.getByRole('listitem', { name: `Loses its answer: ${LAB_QUESTION}` }),
    ).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Lab' })).toBeNull();
    unmount();

    renderWithProviders(
      <ChangeEffectPreview isEnabled error={null} data={effect(['Lab', 'Farm'])} idleText="idle" />,
    );
    expect(screen.getByRole('heading', { name: 'Farm' })).toBeVisible();
    const farm = screen.getByRole('region', { name: 'Past questions of Farm' });
    expect(
      within(farm).getByRole('listitem', { name: `Loses its answer: ${LAB_QUESTION}` }),
    ).toBeVisible();
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
