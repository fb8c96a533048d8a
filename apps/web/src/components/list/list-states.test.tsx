import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/api-client';
import { ListStates } from './list-states';

function renderList(query: { isPending: boolean; error: unknown; data: string[] | undefined }) {
  return render(
    <ListStates
      query={query}
      loadingLabel="Loading teams"
      isEmpty={(items) => items.length === 0}
      empty="No teams yet."
    >
      {(items) => (
        <ul aria-label="Teams">
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      )}
    </ListStates>,
  );
}

describe('ListStates', () => {
  it('shows a spinner while the first page loads', () => {
    renderList({ isPending: true, error: null, data: undefined });
    expect(screen.getByRole('status')).toHaveTextContent('Loading teams');
    expect(screen.queryByRole('list')).toBeNull();
  });

  it("shows the server's message, or the screen's words for any other failure", () => {
    const { unmount } = renderList({
      isPending: false,
      error: new ApiError('You cannot see these teams.', 403, 'FORBIDDEN'),
      data: undefined,
    });
    expect(screen.getByRole('alert')).toHaveTextContent('You cannot see these teams.');
    unmount();
    renderList({ isPending: false, error: new TypeError('Failed to fetch'), data: undefined });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'An error occurred while fetching the data.',
    );
  });

  it('shows the empty text in place of the rows', () => {
    renderList({ isPending: false, error: null, data: [] });
    expect(screen.getByText('No teams yet.')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('shows the rows once there are some', () => {
    renderList({ isPending: false, error: null, data: ['Editors', 'Viewers'] });
    expect(screen.getByRole('list', { name: 'Teams' })).toHaveTextContent('EditorsViewers');
    expect(screen.queryByText('No teams yet.')).toBeNull();
  });

  it('keeps the rows it has when a refetch fails', () => {
    renderList({ isPending: false, error: new TypeError('Failed to fetch'), data: ['Editors'] });
    expect(screen.getByRole('list', { name: 'Teams' })).toHaveTextContent('Editors');
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
