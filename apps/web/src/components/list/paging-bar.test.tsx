import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { PagingBar } from './paging-bar';

function renderBar(page: number, pageCount: number) {
  const onPageChange = vi.fn();
  const onPageSizeChange = vi.fn();
  render(
    <PagingBar
      page={page}
      pageCount={pageCount}
      pageSize={30}
      onPageChange={onPageChange}
      onPageSizeChange={onPageSizeChange}
    />,
  );
  return { onPageChange, onPageSizeChange };
}

describe('PagingBar (spec §4, §5)', () => {
  it.each([
    [1, 1, true, true],
    [1, 3, true, false],
    [2, 3, false, false],
    [3, 3, false, true],
  ])('page %i of %i: previous disabled %s, next disabled %s', (page, count, isPrev, isNext) => {
    renderBar(page, count);
    expect(screen.getByRole('button', { name: 'Previous' }).hasAttribute('disabled')).toBe(isPrev);
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(isNext);
  });

  it('moves a page past the end (?page=50 of 1) to the last page, replacing the address', () => {
    const { onPageChange } = renderBar(50, 1);
    expect(screen.queryByText('Page 50 of 1')).toBeNull();
    expect(screen.getByText('Page 1 of 1')).toBeVisible();
    expect(onPageChange).toHaveBeenCalledWith(1, { replace: true });
    expect(screen.getByRole('button', { name: 'Next' }).hasAttribute('disabled')).toBe(true);
  });

  it('leaves a page within the list where it is', () => {
    const { onPageChange } = renderBar(3, 3);
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('moves with previous and next, and shows US numbers', async () => {
    const { onPageChange } = renderBar(2, 1234);
    expect(screen.getByText('Page 2 of 1,234')).toBeVisible();
    await userEvent.click(screen.getByRole('button', { name: 'Previous' }));
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(onPageChange.mock.calls).toEqual([[1], [3]]);
  });

  it.each([
    ['0', 'We cannot show less than 1 or more than 100 items per page.'],
    ['101', 'We cannot show less than 1 or more than 100 items per page.'],
    ['', 'We cannot show less than 1 or more than 100 items per page.'],
  ])('rows per page %j says %s', async (value, message) => {
    const { onPageSizeChange } = renderBar(1, 5);
    const input = screen.getByLabelText('Rows per page');
    await userEvent.clear(input);
    if (value !== '') {
      await userEvent.type(input, value);
    }
    await userEvent.keyboard('{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(input).toHaveAttribute('aria-invalid', 'true');
    expect(onPageSizeChange).not.toHaveBeenCalled();
  });

  it('accepts rows per page from 1 to 100', async () => {
    const { onPageSizeChange } = renderBar(1, 5);
    const input = screen.getByLabelText('Rows per page');
    await userEvent.clear(input);
    await userEvent.type(input, '100{Enter}');
    expect(onPageSizeChange).toHaveBeenCalledWith(100);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it.each([
    ['', 'You cannot go to page with number less than 1.'],
    ['0', 'You cannot go to page with number less than 1.'],
    ['6', 'You cannot go to page with number more than 5.'],
  ])('go to page %j says %s', async (value, message) => {
    const { onPageChange } = renderBar(1, 5);
    if (value !== '') {
      await userEvent.type(screen.getByLabelText('Go to page'), value);
    }
    await userEvent.click(screen.getByRole('button', { name: 'Go' }));
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(onPageChange).not.toHaveBeenCalled();
  });

  it('goes to a page between 1 and the page count', async () => {
    const { onPageChange } = renderBar(1, 5);
    await userEvent.type(screen.getByLabelText('Go to page'), '5{Enter}');
    expect(onPageChange).toHaveBeenCalledWith(5);
  });

  it('drops a go-to-page message once the list has moved to another page', async () => {
    function Stateful() {
      const [page, setPage] = useState(1);
      return (
        <PagingBar
          page={page}
          pageCount={3}
          pageSize={30}
          onPageChange={setPage}
          onPageSizeChange={() => undefined}
        />
      );
    }
    render(<Stateful />);
    await userEvent.type(screen.getByLabelText('Go to page'), '9{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent(
      'You cannot go to page with number more than 3.',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Next' }));
    expect(screen.getByText('Page 2 of 3')).toBeVisible();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Go to page')).not.toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Go to page')).toHaveValue(null);
  });
});
