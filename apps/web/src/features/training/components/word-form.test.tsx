import { CUSTOM_WORD_TAKEN_MESSAGE } from '@conversa/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { WordForm } from './word-form';

const NAMESPACE = '77777777-7777-4777-8777-777777777777';

afterEach(() => vi.unstubAllGlobals());

describe('WordForm', () => {
  it('previews no changes beside "This word is already in the list." (issue 44)', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.resolve(Response.json({ storyfiles: [] }))),
    );
    const onEdit = vi.fn();
    renderWithProviders(
      <WordForm
        namespaceId={NAMESPACE}
        submitLabel="Add word"
        isPending={false}
        error={new Error(CUSTOM_WORD_TAKEN_MESSAGE)}
        onSubmit={vi.fn()}
        onEdit={onEdit}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent(CUSTOM_WORD_TAKEN_MESSAGE);
    expect(screen.queryByRole('region', { name: 'What this changes' })).toBeNull();
    await userEvent.type(screen.getByLabelText('Term'), 'M');
    expect(onEdit).toHaveBeenCalled();
  });
});
