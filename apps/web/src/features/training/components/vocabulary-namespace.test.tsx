import type { CurrentUser, StoryfileSummary } from '@conversa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { CustomCategoriesScreen } from './custom-categories-screen';
import { CustomWordsScreen } from './custom-words-screen';
import {
  mockServer,
  requested,
  ROSE_NAME,
  ROSE_SUMMARY,
  setUpTrainingFakes,
  user,
} from './training-screens.fixtures';

// The namespace and the storyfile a vocabulary screen (custom categories, custom words) works on.

setUpTrainingFakes();

describe('the namespace and the storyfile of a vocabulary screen', () => {
  const SOUTH = '22222222-2222-4222-8222-222222222222';
  const DUNE = '99999999-9999-4999-8999-999999999999';
  const twoNamespaces: CurrentUser = {
    ...user,
    namespaces: [
      ...user.namespaces,
      {
        id: SOUTH,
        label: 'south',
        attributes: {},
        userNamespaces: [{ scope: 'edit:ns' }],
        storyfileNamespaces: [],
      },
    ],
  };
  const DUNE_SUMMARY: StoryfileSummary = {
    ...ROSE_SUMMARY,
    id: DUNE,
    namespaceId: SOUTH,
    namespaceLabel: 'south',
    name: 'Dune sea',
  };

  /** The storyfiles list answers by the namespace asked for, as the server does. */
  function mockTwoNamespaces() {
    mockServer();
    const answer = vi.mocked(fetch).getMockImplementation()!;
    vi.mocked(fetch).mockImplementation((input, init) => {
      const url = new URL(input as string, 'http://studio');
      if ((init?.method ?? 'GET') === 'GET' && url.pathname === '/v1/conversa/storyfiles') {
        requested.push({ method: 'GET', url, body: undefined });
        const namespaceId = url.searchParams.get('namespaceId');
        const items = [ROSE_SUMMARY, DUNE_SUMMARY].filter(
          (item) => namespaceId === null || item.namespaceId === namespaceId,
        );
        return Promise.resolve(
          Response.json({ items, page: 1, pageSize: 100, total: items.length, pageCount: 1 }),
        );
      }
      return answer(input, init);
    });
  }

  const listedNamespaces = (pathname: string) =>
    requested
      .filter((entry) => entry.method === 'GET' && entry.url.pathname === pathname)
      .map((entry) => entry.url.searchParams.get('namespaceId'));

  it('opens on the namespace of a storyfile named in the address without one', async () => {
    mockTwoNamespaces();
    renderWithProviders(<CustomWordsScreen user={twoNamespaces} />, {
      path: `/training/custom_words?storyfileId=${DUNE}`,
    });
    await waitFor(() => expect(screen.getByLabelText('Namespace')).toHaveDisplayValue('south'));
    await waitFor(() => expect(listedNamespaces('/v1/conversa/training/words').at(-1)).toBe(SOUTH));
    expect(await screen.findByRole('region', { name: 'Test bench' })).toBeInTheDocument();
  });

  it('lets go of the storyfile when another namespace is chosen, and offers only its storyfiles', async () => {
    mockTwoNamespaces();
    const person = userEvent.setup();
    renderWithProviders(<CustomCategoriesScreen user={twoNamespaces} />, {
      path: `/training/custom_categories?namespaceId=${SOUTH}&storyfileId=${DUNE}`,
    });
    await screen.findByRole('region', { name: 'Test bench' });
    await person.selectOptions(screen.getByLabelText('Namespace'), 'north');
    await screen.findByText(
      'Choose a storyfile to try phrases on the test bench and see which categories fold them.',
    );
    expect(screen.queryByRole('region', { name: 'Test bench' })).toBeNull();
    const picker = screen.getByLabelText('Storyfile');
    await within(picker).findByRole('option', { name: ROSE_NAME });
    expect(within(picker).queryByRole('option', { name: 'Dune sea' })).toBeNull();
  });
});
