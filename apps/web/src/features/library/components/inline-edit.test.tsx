import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InlineEdit } from './inline-edit';

function setup(onSave = vi.fn(() => Promise.resolve())) {
  render(<InlineEdit value="Hobbies" label="Rename topic Hobbies" isEditable onSave={onSave} />);
  return { onSave, user: userEvent.setup() };
}

describe('InlineEdit', () => {
  it.each([
    ['Enter', '{Enter}'],
    ['leaving the field', '{Tab}'],
  ])('saves the trimmed text on %s', async (_name, keys) => {
    const { onSave, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Rename topic Hobbies' }));
    const input = screen.getByRole('textbox', { name: 'Rename topic Hobbies' });
    await user.clear(input);
    await user.type(input, `  Pastimes ${keys}`);
    expect(onSave).toHaveBeenCalledWith('Pastimes');
  });

  it('cancels on Escape without saving', async () => {
    const { onSave, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Rename topic Hobbies' }));
    await user.type(screen.getByRole('textbox'), ' and more{Escape}');
    expect(onSave).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Rename topic Hobbies' })).toHaveTextContent(
      'Hobbies',
    );
  });

  it.each([
    ['unchanged', ''],
    ['blank', '{Control>}a{/Control}{Backspace}'],
  ])('sends nothing when the text is %s', async (_name, keys) => {
    const { onSave, user } = setup();
    await user.click(screen.getByRole('button', { name: 'Rename topic Hobbies' }));
    await user.type(screen.getByRole('textbox'), `${keys}{Enter}`);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps the text open for correction when the save fails', async () => {
    const { user } = setup(vi.fn(() => Promise.reject(new Error('taken'))));
    await user.click(screen.getByRole('button', { name: 'Rename topic Hobbies' }));
    await user.type(screen.getByRole('textbox'), '!{Enter}');
    expect(await screen.findByRole('textbox', { name: 'Rename topic Hobbies' })).toHaveValue(
      'Hobbies!',
    );
  });

  it('shows plain text to someone who cannot edit', () => {
    render(
      <InlineEdit
        value="Hobbies"
        label="Rename topic Hobbies"
        isEditable={false}
        onSave={() => Promise.resolve()}
      />,
    );
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(screen.getByText('Hobbies')).toBeInTheDocument();
  });

  // Issue 15, defect 7: after renaming with Enter, focus fell to the page body.
  it.each([
    ['Enter, saving', ' club{Enter}'],
    ['Escape, cancelling', ' club{Escape}'],
  ])('gives focus back to the renamed text after %s', async (_name, keys) => {
    const { user } = setup();
    await user.click(screen.getByRole('button', { name: 'Rename topic Hobbies' }));
    await user.type(screen.getByRole('textbox'), keys);
    expect(await screen.findByRole('button', { name: 'Rename topic Hobbies' })).toHaveFocus();
  });
});
