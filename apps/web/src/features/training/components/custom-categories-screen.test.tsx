import type {
  ChangeEffect,
  CurrentUser,
  CustomCategory,
  StoryfileSummary,
  TestBenchResult,
} from '@conversa/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '@/test/render';
import { CustomCategoriesScreen } from './custom-categories-screen';
import { CustomWordsScreen } from './custom-words-screen';
import { NOTHING_UNDERSTOOD_MESSAGE } from './test-bench';
import { buildMember } from '@/test/users';

// Issue 14: categories are "per namespace, with an optional per-storyfile addition", and the test
// bench, shared with categories, takes a phrase typed or said.

const NORTH = '11111111-1111-4111-8111-111111111111';
const ROSE = '66666666-6666-4666-8666-666666666666';
const ROSE_NAME = `Rose of Milwaukee ${'w'.repeat(100)}`;
const AT = '2026-11-21T17:04:00.000Z';

const user: CurrentUser = buildMember({ id: NORTH, label: 'north', scope: 'edit:ns' });

const ROSE_SUMMARY: StoryfileSummary = {
  id: ROSE,
  namespaceId: NORTH,
  namespaceLabel: 'north',
  name: ROSE_NAME,
  description: '',
  language: 'en-GB',
  status: 'draft',
  avatarUrl: null,
  topicCount: 1,
  questionCount: 4,
  answeredCount: 1,
  createdAt: AT,
  updatedAt: AT,
  deletedAt: null,
  createdBy: null,
  updatedBy: null,
};

const category = (overrides: Partial<CustomCategory>): CustomCategory => ({
  id: '55555555-5555-4555-8555-555555555555',
  namespaceId: NORTH,
  storyfileId: null,
  storyfileName: null,
  name: 'Films',
  phrases: ['film', 'movie'],
  usedByAnswers: 2,
  foldedQuestions: 5,
  updatedAt: AT,
  ...overrides,
});

const BENCH_RESULT: TestBenchResult = {
  raw: 'where is mill walkie',
  afterReplacements: 'where is Milwaukee',
  replacements: [{ heardAs: 'mill walkie', replacement: 'Milwaukee', count: 1 }],
  categoriesFolded: [{ category: 'Cities', phrase: 'milwaukee' }],
  candidates: [
    {
      questionId: '77777777-7777-4777-8777-777777777777',
      questionText: 'Did you grow up in Milwaukee?',
      score: 0.81,
      confidence: 'paraphrase',
      isRecorded: true,
      matchedTerms: ['milwaukee'],
    },
  ],
  decision: 'answer',
  threshold: 0.17,
};

let requested: { method: string; url: URL; body: unknown }[] = [];

function mockServer({
  categories = [category({})],
  deletionEffect = { storyfiles: [] },
}: { categories?: CustomCategory[]; deletionEffect?: ChangeEffect } = {}) {
  vi.stubGlobal(
    'fetch',
    vi.fn((input: string, init?: RequestInit) => {
      const url = new URL(input, 'http://studio');
      const method = init?.method ?? 'GET';
      const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
      requested.push({ method, url, body });
      const page = (items: unknown[]) =>
        Response.json({ items, page: 1, pageSize: 30, total: items.length, pageCount: 1 });
      if (method === 'GET' && url.pathname === '/v1/conversa/training/categories') {
        return Promise.resolve(page(categories));
      }
      if (method === 'GET' && url.pathname === '/v1/conversa/training/words') {
        return Promise.resolve(page([]));
      }
      if (method === 'GET' && url.pathname === '/v1/conversa/storyfiles') {
        return Promise.resolve(page([ROSE_SUMMARY]));
      }
      if (method === 'GET' && url.pathname.endsWith('/speech-hints')) {
        return Promise.resolve(Response.json({ terms: ['Milwaukee'] }));
      }
      if (method === 'GET' && url.pathname.endsWith('/word-suggestions')) {
        return Promise.resolve(Response.json({ suggestions: [] }));
      }
      if (method === 'POST' && url.pathname === '/v1/conversa/training/categories') {
        return Promise.resolve(
          Response.json(
            {
              category: category({ ...(body as object), id: 'x' }),
              warnings: [],
              effect: { storyfiles: [] },
            },
            { status: 201 },
          ),
        );
      }
      if (method === 'POST' && url.pathname === '/v1/conversa/training/categories/preview') {
        const isDeletion = (body as { category: unknown }).category === null;
        return Promise.resolve(Response.json(isDeletion ? deletionEffect : { storyfiles: [] }));
      }
      if (method === 'DELETE' && url.pathname.startsWith('/v1/conversa/training/categories/')) {
        const id = url.pathname.split('/').pop();
        return Promise.resolve(Response.json({ id, effect: deletionEffect }));
      }
      if (method === 'POST' && url.pathname.endsWith('/training/test-bench')) {
        return Promise.resolve(Response.json(BENCH_RESULT));
      }
      return Promise.resolve(Response.json({ message: 'Not found' }, { status: 404 }));
    }),
  );
}

/** A stand-in for the browser's recognizer: the test says what it "heard". */
class FakeRecognition {
  static instances: FakeRecognition[] = [];
  lang = '';
  continuous = true;
  interimResults = true;
  maxAlternatives = 5;
  grammars: unknown = null;
  onresult: ((event: { results: { transcript: string }[][] }) => void) | null = null;
  onerror: ((event: { error: string }) => void) | null = null;
  onend: (() => void) | null = null;
  start = vi.fn(() => FakeRecognition.instances.push(this));
  stop = vi.fn();
  abort = vi.fn();
}

const benchRequests = () =>
  requested.filter(
    (entry) => entry.method === 'POST' && entry.url.pathname.endsWith('/training/test-bench'),
  );

beforeEach(() => {
  requested = [];
  FakeRecognition.instances = [];
});
afterEach(() => {
  vi.unstubAllGlobals();
  delete (globalThis as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition;
});

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

describe('the test bench, shared with categories', () => {
  it('is on Custom categories for the chosen storyfile', async () => {
    mockServer();
    const person = userEvent.setup();
    renderWithProviders(<CustomCategoriesScreen user={user} />, {
      path: '/training/custom_categories',
    });
    expect(
      await screen.findByText(
        'Choose a storyfile to try phrases on the test bench and see which categories fold them.',
      ),
    ).toBeInTheDocument();
    await screen.findByRole('option', { name: ROSE_NAME });
    await person.selectOptions(screen.getByLabelText('Storyfile'), ROSE_NAME);
    const bench = await screen.findByRole('region', { name: 'Test bench' });
    await person.type(within(bench).getByLabelText('Phrase'), 'where is mill walkie');
    await person.click(within(bench).getByRole('button', { name: 'Try it' }));
    const result = await within(bench).findByRole('list', { name: 'Test bench result' });
    expect(result).toHaveTextContent('3. Categories folded: milwaukee → Cities');
    expect(benchRequests()[0]?.url.pathname).toBe(
      `/v1/conversa/storyfiles/${ROSE}/training/test-bench`,
    );
  });

  it('has no microphone where the browser has no speech recognition', async () => {
    mockServer();
    renderWithProviders(<CustomCategoriesScreen user={user} />, {
      path: `/training/custom_categories?storyfileId=${ROSE}`,
    });
    const bench = await screen.findByRole('region', { name: 'Test bench' });
    expect(within(bench).queryByRole('button', { name: 'Say a phrase' })).toBeNull();
  });

  it.each([
    ['Custom categories', CustomCategoriesScreen, '/training/custom_categories'],
    ['Custom words', CustomWordsScreen, '/training/custom_words'],
  ])(
    'on %s, tries a said phrase as spoken, through the recognizer the player uses',
    async (_name, Screen, path) => {
      (globalThis as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition =
        FakeRecognition;
      mockServer();
      const person = userEvent.setup();
      renderWithProviders(<Screen user={user} />, { path: `${path}?storyfileId=${ROSE}` });
      const bench = await screen.findByRole('region', { name: 'Test bench' });
      // Typed and unticked first, so the said phrase is seen to be tried as spoken anyway.
      await person.click(within(bench).getByLabelText('As if spoken'));
      // The recognizer gets the storyfile's language, once the storyfiles are known.
      await screen.findAllByRole('option', { name: ROSE_NAME });
      await person.click(within(bench).getByRole('button', { name: 'Say a phrase' }));
      const recognition = FakeRecognition.instances[0]!;
      expect(recognition.lang).toBe('en-GB');
      expect(within(bench).getByRole('status')).toHaveTextContent('Listening… say the phrase.');
      expect(within(bench).getByRole('button', { name: 'Stop listening' })).toHaveAttribute(
        'aria-pressed',
        'true',
      );
      act(() => {
        recognition.onresult?.({ results: [[{ transcript: 'where is mill walkie' }]] });
        recognition.onend?.();
      });
      await waitFor(() => expect(benchRequests()).toHaveLength(1));
      expect(benchRequests()[0]?.body).toEqual({
        text: 'where is mill walkie',
        inputMode: 'spoken',
      });
      expect(within(bench).getByLabelText('Phrase')).toHaveValue('where is mill walkie');
      expect(within(bench).getByLabelText('As if spoken')).toBeChecked();
      const result = await within(bench).findByRole('list', { name: 'Test bench result' });
      expect(result).toHaveTextContent('1. Raw text (spoken): where is mill walkie');
      expect(result).toHaveTextContent(
        '2. After replacement rules: where is Milwaukee (“mill walkie” → “Milwaukee”)',
      );
    },
  );

  it('asks again, without trying anything, when the words were not understood', async () => {
    (globalThis as { webkitSpeechRecognition?: unknown }).webkitSpeechRecognition = FakeRecognition;
    mockServer();
    const person = userEvent.setup();
    renderWithProviders(<CustomCategoriesScreen user={user} />, {
      path: `/training/custom_categories?storyfileId=${ROSE}`,
    });
    const bench = await screen.findByRole('region', { name: 'Test bench' });
    await person.click(within(bench).getByRole('button', { name: 'Say a phrase' }));
    act(() => {
      FakeRecognition.instances[0]!.onerror?.({ error: 'no-match' });
      FakeRecognition.instances[0]!.onend?.();
    });
    expect(within(bench).getByRole('alert')).toHaveTextContent(NOTHING_UNDERSTOOD_MESSAGE);
    expect(benchRequests()).toHaveLength(0);
    expect(within(bench).getByRole('button', { name: 'Say a phrase' })).toBeEnabled();
  });
});

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
