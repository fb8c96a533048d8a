import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InlineText } from './inline-text';

// Issue 15, defect 7: after renaming a topic of a storyfile's script with Enter, focus fell to
// the page body; a keyboard user had to start again from the top of the page.
describe('InlineText', () => {
  it.each([
    ['Enter, saving', ' club{Enter}', 'Hobbies club'],
    ['Escape, cancelling', ' club{Escape}', undefined],
  ])('gives focus back to the text after %s', async (_name, keys, saved) => {
    const onSave = vi.fn();
    const user = userEvent.setup();
    render(<InlineText value="Hobbies" label="Topic name" isEditable onSave={onSave} />);
    await user.click(screen.getByRole('button', { name: 'Topic name: Hobbies. Edit' }));
    await user.type(screen.getByRole('textbox', { name: 'Topic name' }), keys);
    if (saved === undefined) {
      expect(onSave).not.toHaveBeenCalled();
    } else {
      expect(onSave).toHaveBeenCalledWith(saved);
    }
    expect(screen.getByRole('button', { name: 'Topic name: Hobbies. Edit' })).toHaveFocus();
  });

  it('leaves focus where Tab put it', async () => {
    const user = userEvent.setup();
    render(
      <>
        <InlineText value="Hobbies" label="Topic name" isEditable onSave={vi.fn()} />
        <button type="button">next</button>
      </>,
    );
    await user.click(screen.getByRole('button', { name: 'Topic name: Hobbies. Edit' }));
    await user.tab();
    expect(screen.getByRole('button', { name: 'next' })).toHaveFocus();
  });
});
