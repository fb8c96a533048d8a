import type { CurrentUser, CustomCategory, CustomWord } from '@conversa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { CustomCategoriesScreen } from './custom-categories-screen';
import { CustomWordsScreen } from './custom-words-screen';

// The shared vocabulary screen, through both screens that use it.

const NORTH = '11111111-1111-4111-8111-111111111111';
const SOUTH = '22222222-2222-4222-8222-222222222222';

function buildUser(scope: 'edit:ns' | 'read:ns'): CurrentUser {
  return {
    isAdmin: false,
    isLoggedIn: true,
    iam: 'u1',
    firstName: 'Vic',
    lastName: null,
    email: 'vic@example.com',
    namespaces: [NORTH, SOUTH].map((id, index) => ({
      id,
      label: index === 0 ? 'north' : 'south',
      attributes: {},
      userNamespaces: [{ scope }],
      storyfileNamespaces: [],
    })),
  };
}

const WORDS: CustomWord[] = [
  {
    id: '33333333-3333-4333-8333-333333333333',
    namespaceId: NORTH,
    term: 'milwaukee',
    displayForm: 'Milwaukee',
    heardAs: ['mill walkie'],
    updatedAt: '2026-11-21T17:04:00.000Z',
  },
  {
    id: '44444444-4444-4444-8444-444444444444',
    namespaceId: NORTH,
    term: 'Oshkosh',
    displayForm: null,
    heardAs: [],
    updatedAt: '2026-11-21T17:04:00.000Z',
  },
];

const CATEGORY: CustomCategory = {
  id: '55555555-5555-4555-8555-555555555555',
  namespaceId: NORTH,
  storyfileId: null,
  storyfileName: null,
  name: 'Films',
  phrases: ['film', 'movie'],
  usedByAnswers: 2,
  foldedQuestions: 5,
  updatedAt: '2026-11-21T17:04:00.000Z',
};

let requested: { method: string; url: URL }[] = [];

function mockServer({ words = WORDS, categories = [CATEGORY] } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://studio');
      const method = init?.method ?? 'GET';
      requested.push({ method, url });
      const page = (items: unknown[]) =>
        Response.json({ items, page: 1, pageSize: 30, total: items.length, pageCount: 1 });
      if (method === 'GET' && url.pathname === '/v1/conversa/training/words') {
        return Promise.resolve(page(words));
      }
      if (method === 'GET' && url.pathname === '/v1/conversa/training/categories') {
        return Promise.resolve(page(categories));
      }
      if (method === 'GET' && url.pathname === '/v1/conversa/storyfiles') {
        return Promise.resolve(page([]));
      }
      if (method === 'DELETE') {
        return Promise.resolve(Response.json({ id: url.pathname.split('/').pop() }));
      }
      return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    }),
  );
}

beforeEach(() => {
  requested = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('Custom words on the shared vocabulary screen', () => {
  it(
    'lists the namespace’s words with their count, and deletes one only after confirming',
    {
      timeout: 30_000,
    },
    async () => {
      mockServer();
      const user = userEvent.setup();
      renderWithProviders(<CustomWordsScreen user={buildUser('edit:ns')} />, {
        path: '/training/custom_words',
      });
      expect(await screen.findByText('2 words')).toBeInTheDocument();
      expect(screen.getByRole('region', { name: 'New word' })).toBeInTheDocument();
      expect(screen.getByText('Heard as: mill walkie')).toBeInTheDocument();
      expect(screen.getByText('No "heard as" forms')).toBeInTheDocument();
      const listed = requested.find(
        (entry) => entry.url.pathname === '/v1/conversa/training/words',
      );
      expect(listed?.url.searchParams.get('namespaceId')).toBe(NORTH);

      await user.click(screen.getByRole('button', { name: 'Delete Oshkosh' }));
      const dialog = await screen.findByRole('dialog', { name: 'Delete this word?' });
      expect(dialog).toHaveTextContent(
        'Spoken questions stop replacing the "heard as" forms of "Oshkosh".',
      );
      expect(requested.some((entry) => entry.method === 'DELETE')).toBe(false);
      await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
      await waitFor(() =>
        expect(requested.find((entry) => entry.method === 'DELETE')?.url.pathname).toBe(
          `/v1/conversa/training/words/${WORDS[1]!.id}`,
        ),
      );
    },
  );

  it('tells a reader the role needed, and a new namespace starts at page 1', async () => {
    mockServer();
    const user = userEvent.setup();
    renderWithProviders(<CustomWordsScreen user={buildUser('read:ns')} />, {
      path: `/training/custom_words?namespaceId=${NORTH}&page=2`,
    });
    expect(await screen.findByText('2 words')).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'New word' })).toBeNull();
    expect(screen.getByText(/to change words\.$/)).toHaveTextContent(
      'You need to be at least "Content Creator"',
    );
    expect(screen.queryByRole('button', { name: /^Delete / })).toBeNull();
    await user.selectOptions(screen.getByLabelText('Namespace'), 'south');
    await waitFor(() =>
      expect(screen.getByTestId('location')).toHaveTextContent(
        `/training/custom_words?namespaceId=${SOUTH}`,
      ),
    );
    expect(screen.getByTestId('location')).not.toHaveTextContent('page=');
  });
});

describe('Custom categories on the shared vocabulary screen', () => {
  it('lists categories with their usage, and says so when there are none', async () => {
    mockServer();
    const { unmount } = renderWithProviders(
      <CustomCategoriesScreen user={buildUser('edit:ns')} />,
      { path: '/training/custom_categories' },
    );
    expect(await screen.findByText('1 category')).toBeInTheDocument();
    const item = screen.getByRole('listitem', { name: 'Category: Films' });
    expect(within(item).getByRole('button', { name: 'Edit Films' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'New category' })).toBeInTheDocument();
    unmount();

    mockServer({ categories: [] });
    renderWithProviders(<CustomCategoriesScreen user={buildUser('edit:ns')} />, {
      path: '/training/custom_categories',
    });
    expect(
      await screen.findByText(
        'No categories yet. Add one above: two or more words that mean the same.',
      ),
    ).toBeInTheDocument();
  });
});
