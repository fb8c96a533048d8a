import type { CurrentUser, CustomWord } from '@conversa/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { CustomWordsScreen } from './custom-words-screen';
import { buildMember } from '@/test/users';

// Issue 32, item 14: custom words could be deleted but not edited; the server's update contract
// (PUT /v1/conversa/training/words/:id) had no screen.

const NORTH = '11111111-1111-4111-8111-111111111111';
const user: CurrentUser = buildMember({ id: NORTH, label: 'north', scope: 'edit:ns' });

afterEach(() => vi.unstubAllGlobals());

describe('CustomWordsScreen editing', () => {
  it('edits a word’s term, display form and "heard as" forms in place', async () => {
    let word: CustomWord = {
      id: '22222222-2222-4222-8222-222222222222',
      namespaceId: NORTH,
      term: 'Milwaukee',
      displayForm: null,
      heardAs: ['mill walkie'],
      updatedAt: '2026-11-21T17:04:00.000Z',
    };
    const puts: unknown[] = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: string, init?: RequestInit) => {
        const url = new URL(input, 'http://studio');
        const method = init?.method ?? 'GET';
        if (method === 'PUT' && url.pathname === `/v1/conversa/training/words/${word.id}`) {
          const body = JSON.parse(init?.body as string) as Pick<
            CustomWord,
            'term' | 'displayForm' | 'heardAs'
          >;
          puts.push(body);
          word = { ...word, ...body };
          return Promise.resolve(Response.json({ ...word, effect: { storyfiles: [] } }));
        }
        if (method === 'POST' && url.pathname === '/v1/conversa/training/words/preview') {
          return Promise.resolve(Response.json({ storyfiles: [] }));
        }
        const items = url.pathname === '/v1/conversa/training/words' ? [word] : [];
        return Promise.resolve(
          Response.json({ items, page: 1, pageSize: 30, total: items.length, pageCount: 1 }),
        );
      }),
    );
    const person = userEvent.setup();
    renderWithProviders(<CustomWordsScreen user={user} />, { path: '/training/custom_words' });
    const item = await screen.findByRole(
      'listitem',
      { name: 'Word: Milwaukee' },
      // The screen loads namespaces, storyfiles and words first: slow on a loaded machine.
      { timeout: 10_000 },
    );
    await person.click(within(item).getByRole('button', { name: 'Edit Milwaukee' }));

    const term = within(item).getByRole('textbox', { name: 'Term' });
    expect(term).toHaveValue('Milwaukee');
    expect(within(item).getByRole('textbox', { name: 'Heard as (comma-separated)' })).toHaveValue(
      'mill walkie',
    );
    await person.clear(within(item).getByRole('textbox', { name: 'Heard as (comma-separated)' }));
    await person.type(
      within(item).getByRole('textbox', { name: 'Heard as (comma-separated)' }),
      'mill walkie, mil walk key',
    );
    await person.type(
      within(item).getByRole('textbox', { name: 'Display form (optional)' }),
      'MKE',
    );
    await person.click(within(item).getByRole('button', { name: 'Save' }));

    expect(puts).toEqual([
      { term: 'Milwaukee', displayForm: 'MKE', heardAs: ['mill walkie', 'mil walk key'] },
    ]);
    const saved = await screen.findByText(
      'Heard as: mill walkie, mil walk key',
      {},
      { timeout: 10_000 },
    );
    expect(saved.closest('li')).toHaveTextContent('MKE(Milwaukee)');
  }, 60_000);
});
