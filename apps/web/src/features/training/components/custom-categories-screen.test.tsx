import type { ChangeEffect } from '@conversa/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { CustomCategoriesScreen } from './custom-categories-screen';
import {
  category,
  mockServer,
  NORTH,
  requested,
  ROSE,
  ROSE_NAME,
  setUpTrainingFakes,
  user,
} from './training-screens.fixtures';

// Issue 14: categories are "per namespace, with an optional per-storyfile addition": their scope
// shown and chosen, and a deletion's effect on past questions confirmed first.

setUpTrainingFakes();

describe('a category’s scope', () => {
  it('shows each category’s scope: the namespace, or one storyfile', async () => {
    mockServer({
      categories: [
        category({}),
        category({
          id: '88888888-8888-4888-8888-888888888888',
          name: 'Cities',
          storyfileId: ROSE,
          storyfileName: ROSE_NAME,
        }),
      ],
    });
    renderWithProviders(<CustomCategoriesScreen user={user} />, {
      path: '/training/custom_categories',
    });
    const films = await screen.findByRole('listitem', { name: 'Category: Films' });
    expect(films).toHaveTextContent('Applies to: Every storyfile in the namespace');
    expect(screen.getByRole('listitem', { name: 'Category: Cities' })).toHaveTextContent(
      `Applies to: Only ${ROSE_NAME}`,
    );
  });

  it('adds a category to the whole namespace by default, or to one storyfile of it', async () => {
    mockServer({ categories: [] });
    // The saves, not the previews the form asks for as it is filled in.
    const isSave = (entry: (typeof requested)[number]) =>
      entry.method === 'POST' && entry.url.pathname === '/v1/conversa/training/categories';
    const person = userEvent.setup();
    renderWithProviders(<CustomCategoriesScreen user={user} />, {
      path: '/training/custom_categories',
    });
    const form = await screen.findByRole('region', { name: 'New category' });
    const scope = within(form).getByLabelText('Applies to');
    expect(scope).toHaveDisplayValue('Every storyfile in the namespace');
    await within(form).findByRole('option', { name: `Only ${ROSE_NAME}` });
    expect(
      requested
        .find((entry) => entry.url.pathname === '/v1/conversa/storyfiles' && entry.method === 'GET')
        ?.url.searchParams.get('namespaceId'),
    ).toBe(NORTH);

    await person.type(within(form).getByLabelText('Name'), 'Films');
    await person.type(within(form).getByLabelText(/^Phrases/), 'film, movie');
    await person.click(within(form).getByRole('button', { name: 'Add category' }));
    await waitFor(() => expect(requested.filter(isSave)).toHaveLength(1));
    expect(requested.find(isSave)?.body).toEqual({
      name: 'Films',
      phrases: ['film', 'movie'],
      namespaceId: NORTH,
    });

    // The form starts empty again after a save; this time the category is Rose's addition.
    await waitFor(() => expect(within(form).getByLabelText('Name')).toHaveValue(''));
    await person.type(within(form).getByLabelText('Name'), 'Cities');
    await person.type(within(form).getByLabelText(/^Phrases/), 'city, town');
    await person.selectOptions(within(form).getByLabelText('Applies to'), `Only ${ROSE_NAME}`);
    await person.click(within(form).getByRole('button', { name: 'Add category' }));
    await waitFor(() => expect(requested.filter(isSave)).toHaveLength(2));
    expect(requested.filter(isSave)[1]?.body).toEqual({
      name: 'Cities',
      phrases: ['city', 'town'],
      namespaceId: NORTH,
      storyfileId: ROSE,
    });
  });
});

describe('deleting a category', () => {
  // Issue 28: every change to matching "must count and list the past questions that would **lose**
  // their answer or change answer, including through the automatic threshold".
  const LAB = "What's going on in your lab?";
  const EFFECT: ChangeEffect = {
    storyfiles: [
      {
        storyfileId: ROSE,
        storyfileName: ROSE_NAME,
        preview: {
          examined: 4,
          moved: 1,
          fromFallback: 0,
          betweenAnswers: 0,
          toFallback: 1,
          threshold: { before: 0.3237, after: 0.2984, isAutomatic: true },
          moves: [
            {
              questionText: LAB,
              count: 2,
              before: { questionId: 'q-lab', questionText: 'Can I visit your lab?' },
              after: { questionId: null, questionText: null },
            },
          ],
        },
      },
    ],
  };

  it('lists the past questions it moves in the confirmation, before it is confirmed', async () => {
    mockServer({ deletionEffect: EFFECT });
    const isDelete = (entry: (typeof requested)[number]) => entry.method === 'DELETE';
    const person = userEvent.setup();
    renderWithProviders(<CustomCategoriesScreen user={user} />, {
      path: '/training/custom_categories',
    });
    await person.click(await screen.findByRole('button', { name: 'Delete Films' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete this category?' });
    expect(
      await within(dialog).findByRole('listitem', { name: `Loses its answer: ${LAB}` }),
    ).toBeVisible();
    expect(within(dialog).getByRole('alert')).toHaveTextContent(
      '1 would fall back instead of being answered.',
    );
    expect(within(dialog).getByTestId('review-preview-threshold')).toHaveTextContent(
      'The automatic threshold moves from 0.32 to 0.30.',
    );
    expect(
      requested.find(
        (entry) =>
          entry.method === 'POST' && entry.url.pathname.endsWith('/training/categories/preview'),
      )?.body,
    ).toEqual({
      namespaceId: NORTH,
      categoryId: '55555555-5555-4555-8555-555555555555',
      category: null,
    });
    expect(requested.filter(isDelete)).toEqual([]);

    await person.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(requested.filter(isDelete)).toHaveLength(1));
    expect(
      await screen.findByText(
        'Category deleted. 1 past question now falls back instead of being answered. The automatic threshold moved from 0.32 to 0.30.',
      ),
    ).toBeVisible();
  });
});
