import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PAGE_SIZE_STORAGE_KEY } from '@/lib/recent-activity';
import { ListPagingBar } from './list-paging-bar';

afterEach(() => localStorage.clear());

describe('ListPagingBar', () => {
  it.each([
    ['while the list loads', undefined],
    ['under an empty list', { total: 0, pageCount: 1 }],
  ])('is absent %s', (_case, list) => {
    render(<ListPagingBar list={list} page={1} onPageChange={vi.fn()} />);
    expect(screen.queryByLabelText('Rows per page')).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('shows the shared page size and the page of a list with rows', () => {
    localStorage.setItem(PAGE_SIZE_STORAGE_KEY, '50');
    render(<ListPagingBar list={{ total: 120, pageCount: 3 }} page={2} onPageChange={vi.fn()} />);
    expect(screen.getByLabelText('Rows per page')).toHaveValue(50);
    expect(screen.getByText('Page 2 of 3')).toBeVisible();
  });

  it('keeps a new page size for every list and starts again at page 1', async () => {
    const onPageChange = vi.fn();
    render(
      <ListPagingBar list={{ total: 120, pageCount: 4 }} page={3} onPageChange={onPageChange} />,
    );
    const input = screen.getByLabelText('Rows per page');
    await userEvent.clear(input);
    await userEvent.type(input, '10{Enter}');
    expect(localStorage.getItem(PAGE_SIZE_STORAGE_KEY)).toBe('10');
    expect(onPageChange).toHaveBeenCalledWith(1);
    expect(screen.getByLabelText('Rows per page')).toHaveValue(10);
  });
});
