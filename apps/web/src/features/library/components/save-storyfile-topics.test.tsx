import type { CurrentUser, StoryfileSummary } from '@conversa/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { SaveStoryfileTopics } from './save-storyfile-topics';

const NORTH = '0b5d7c1e-3333-4000-8000-000000000001';
const AT = '2026-01-05T10:00:00.000Z';
const user: CurrentUser = {
  isAdmin: false,
  isLoggedIn: true,
  iam: 'u1',
  firstName: 'Eve',
  lastName: null,
  email: 'eve@example.com',
  namespaces: [
    {
      id: NORTH,
      label: 'north',
      attributes: {},
      userNamespaces: [{ scope: 'edit:ns' }],
      storyfileNamespaces: [],
    },
  ],
};

function storyfile(id: string, name: string, topicCount: number): StoryfileSummary {
  return {
    id,
    namespaceId: NORTH,
    namespaceLabel: 'north',
    name,
    description: '',
    language: 'en-US',
    status: 'draft',
    avatarUrl: null,
    topicCount,
    questionCount: topicCount * 4,
    answeredCount: 0,
    createdAt: AT,
    updatedAt: AT,
    deletedAt: null,
    createdBy: null,
    updatedBy: null,
  };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

// Issue 15, defect 10: /topics said "Your question library is empty" right after a storyfile was
// built with 7 topics, and nothing said the two are separate.
describe('SaveStoryfileTopics', () => {
  it('explains the separation and saves a chosen storyfile’s topics to the library', async () => {
    const posted: string[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://studio');
        if (url.pathname === '/v1/conversa/storyfiles') {
          const items = [
            storyfile('sf-empty', 'No topics yet', 0),
            storyfile('sf-rose', 'Grandma Rose', 7),
          ];
          return Promise.resolve(
            Response.json({ items, page: 1, pageSize: 100, total: 2, pageCount: 1 }),
          );
        }
        posted.push(`${init?.method ?? 'GET'} ${url.pathname}`);
        return Promise.resolve(
          Response.json({ addedTopics: 7, addedQuestions: 28, skippedQuestions: 0 }),
        );
      }),
    );
    renderWithProviders(<SaveStoryfileTopics user={user} />);
    expect(screen.getByText(/Its script belongs to that storyfile alone/)).toBeInTheDocument();
    const select = await screen.findByRole('combobox', { name: 'Storyfile' });
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual([
      'Grandma Rose (7 topics)',
    ]);
    expect(select).toHaveValue('sf-rose');
    await userEvent.click(screen.getByRole('button', { name: 'Save its topics to the library' }));
    await waitFor(() =>
      expect(posted).toEqual(['POST /v1/conversa/storyfiles/sf-rose/save-to-library']),
    );
  });
});
