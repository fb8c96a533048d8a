import type { CategoryImportPreview, ImportedCategories } from '@conversa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { CategoryCsvPanel } from './category-csv-panel';

const NORTH = '11111111-1111-4111-8111-111111111111';
const CSV = 'name,phrases,storyfile\ncinema,movie|film|motion picture,\nPets,dog|puppy,Rose';

const PREVIEW: CategoryImportPreview = {
  created: 1,
  updated: 1,
  rows: [
    {
      row: 2,
      name: 'cinema',
      storyfileName: null,
      action: 'replace',
      phrases: ['movie', 'film', 'motion picture'],
      previousPhrases: ['movie', 'film'],
    },
    {
      row: 3,
      name: 'Pets',
      storyfileName: 'Rose',
      action: 'create',
      phrases: ['dog', 'puppy'],
      previousPhrases: null,
    },
  ],
  effect: { storyfiles: [] },
};

let requested: { method: string; path: string; body: unknown }[] = [];

beforeEach(() => {
  requested = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const path = new URL(input, 'http://studio').pathname;
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      requested.push({ method, path, body });
      if (path === '/v1/conversa/training/categories/import/preview') {
        return Promise.resolve(Response.json(PREVIEW));
      }
      if (path === '/v1/conversa/training/categories/import') {
        const imported: ImportedCategories = { created: 1, updated: 1, effect: { storyfiles: [] } };
        return Promise.resolve(Response.json(imported));
      }
      return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the category CSV import', () => {
  it('previews what each row changes before anything is written, then imports on confirm', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CategoryCsvPanel namespaceId={NORTH} canEdit />);
    await user.upload(
      screen.getByLabelText('CSV file to import'),
      new File([CSV], 'categories.csv', { type: 'text/csv' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Import categories?' });
    expect(requested.map((call) => call.path)).toEqual([
      '/v1/conversa/training/categories/import/preview',
    ]);
    expect(requested[0]!.body).toEqual({ namespaceId: NORTH, csv: CSV });
    expect(within(dialog).getByText('1 category created, 1 replaced.')).toBeInTheDocument();
    const rows = within(within(dialog).getByRole('list', { name: 'Rows to import' })).getAllByRole(
      'listitem',
    );
    expect(rows.map((row) => row.textContent)).toEqual([
      'Replaces “cinema” (whole namespace, row 2)Now: movie | filmBecomes: movie | film | motion picture',
      'New “Pets” (Rose, row 3)Phrases: dog | puppy',
    ]);
    expect(within(dialog).getByText('No past question would move.')).toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(requested.map((call) => call.path)).toContain(
        '/v1/conversa/training/categories/import',
      ),
    );
    expect(await screen.findByText(/^Imported: 1 created, 1 replaced\./)).toBeInTheDocument();
  });

  it('cancelling the preview writes nothing', async () => {
    const user = userEvent.setup();
    renderWithProviders(<CategoryCsvPanel namespaceId={NORTH} canEdit />);
    await user.upload(
      screen.getByLabelText('CSV file to import'),
      new File([CSV], 'categories.csv', { type: 'text/csv' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'Import categories?' });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(requested.map((call) => call.path)).toEqual([
      '/v1/conversa/training/categories/import/preview',
    ]);
  });
});
