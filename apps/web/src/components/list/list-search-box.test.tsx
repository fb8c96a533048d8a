import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { SearchOption } from '@/lib/search-box';
import { renderWithProviders } from '@/test/render';
import { ListSearchBox } from './list-search-box';

const OPTIONS: SearchOption[] = [
  { value: 'name', label: 'Name', isActive: true, isDisabled: false },
  { value: 'description', label: 'Description', isActive: false, isDisabled: false },
  { value: 'owner', label: 'Owner', isActive: false, isDisabled: true },
];

function renderBox(props: Partial<Parameters<typeof ListSearchBox>[0]> = {}, path = '/storyfiles') {
  const onSearch = vi.fn();
  const onSearchOptionsChange = vi.fn();
  const result = renderWithProviders(
    <ListSearchBox
      options={OPTIONS}
      label="Search storyfiles"
      onSearch={onSearch}
      onSearchOptionsChange={onSearchOptionsChange}
      {...props}
    />,
    { path },
  );
  const input = screen.getByRole('searchbox', { name: 'Search storyfiles' });
  const button = screen.getByRole('button', { name: 'Search' });
  return { ...result, input, button, onSearch, onSearchOptionsChange };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('ListSearchBox (spec §2, §4)', () => {
  it('is disabled until search options have loaded', async () => {
    const { input, button } = renderBox({ options: [] });
    expect(input).toBeDisabled();
    expect(button).toBeDisabled();
    await userEvent.click(input);
    expect(screen.queryByRole('group', { name: 'Search in' })).not.toBeInTheDocument();
  });

  it('is disabled on a path containing /training/chat_logs', () => {
    const { input } = renderBox({}, '/training/chat_logs/42');
    expect(input).toBeDisabled();
  });

  it('opens the field dropdown by clicking the box, and Escape closes it', async () => {
    const user = userEvent.setup();
    const { input } = renderBox();
    await user.click(input);
    const fields = screen.getByRole('group', { name: 'Search in' });
    expect(fields).toBeVisible();
    expect(input).toHaveFocus();
    expect(screen.getByRole('checkbox', { name: 'Name' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Description' })).not.toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Owner' })).toBeDisabled();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('group', { name: 'Search in' })).not.toBeInTheDocument();
  });

  it('enables Search only with a ticked field and some text', async () => {
    const user = userEvent.setup();
    const { input, button } = renderBox();
    expect(button).toBeDisabled();
    await user.type(input, '   ');
    expect(button).toBeDisabled();
    await user.type(input, 'intro');
    expect(button).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Name' }));
    expect(button).toBeDisabled();
  });

  it('runs the search with Enter, keeps it in the address and goes back to page 1', async () => {
    const user = userEvent.setup();
    const { input, onSearch } = renderBox({}, '/storyfiles?page=3&tab=details');
    await user.click(input);
    await user.click(screen.getByRole('checkbox', { name: 'Description' }));
    await user.type(input, ' intro {Enter}');
    expect(onSearch).toHaveBeenLastCalledWith([
      { fieldId: 'name', searchText: 'intro' },
      { fieldId: 'description', searchText: 'intro' },
    ]);
    expect(screen.getByTestId('location')).toHaveTextContent(
      '/storyfiles?tab=details&search=intro&searchOptions=name%2Cdescription',
    );
  });

  it('reads the text and fields from the address and clears to an empty search', async () => {
    const user = userEvent.setup();
    const { input, onSearch } = renderBox({}, '/storyfiles?search=intro&searchOptions=description');
    expect(input).toHaveValue('intro');
    await user.click(input);
    expect(screen.getByRole('checkbox', { name: 'Description' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Name' })).not.toBeChecked();
    await user.clear(input);
    expect(onSearch).toHaveBeenLastCalledWith([]);
    expect(screen.getByTestId('location')).toHaveTextContent(
      /^\/storyfiles\?searchOptions=description$/,
    );
  });

  it('clears the text when the route changes to another path', async () => {
    const user = userEvent.setup();
    const { input, router } = renderBox();
    await user.type(input, 'intro');
    await act(() => router.navigate('/storyfiles?page=2'));
    expect(input).toHaveValue('intro');
    await act(() => router.navigate('/topics'));
    expect(screen.getByRole('searchbox')).toHaveValue('');
  });

  it('delivers the ticked fields 500 ms after the last change', async () => {
    const { input, onSearchOptionsChange } = renderBox();
    await userEvent.click(input);
    vi.useFakeTimers();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Description' }));
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(onSearchOptionsChange).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('checkbox', { name: 'Name' }));
    act(() => {
      vi.advanceTimersByTime(499);
    });
    expect(onSearchOptionsChange).not.toHaveBeenCalled();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(onSearchOptionsChange).toHaveBeenCalledExactlyOnceWith(['description']);
  });

  it('says what its count means: the number of fields searched, in words and in its name', async () => {
    const user = userEvent.setup();
    const { input } = renderBox();
    const fieldsButton = screen.getByRole('button', { name: 'Search in 1 field: Name' });
    expect(fieldsButton).toHaveTextContent(/^Search in 1 field$/);
    await user.click(input);
    await user.click(screen.getByRole('checkbox', { name: 'Description' }));
    expect(fieldsButton).toHaveAccessibleName('Search in 2 fields: Name, Description');
    expect(fieldsButton).toHaveTextContent(/^Search in 2 fields$/);
    await user.click(screen.getByRole('checkbox', { name: 'Name' }));
    await user.click(screen.getByRole('checkbox', { name: 'Description' }));
    expect(fieldsButton).toHaveAccessibleName('Search in no fields');
    expect(fieldsButton).toHaveTextContent(/^Search in no fields$/);
  });
});
