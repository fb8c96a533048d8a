import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_PAGE_SIZE,
  formatGoToPageTooHighMessage,
  GO_TO_PAGE_TOO_LOW_MESSAGE,
  parseSearchQuery,
  ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE,
} from '@conversa/contracts';
import { startTestStudio, type TestStudio } from '../../../test/studio.ts';
import { grantScope } from '../namespaces/index.ts';
import {
  buildMember,
  buildNamespace,
  buildStoryfile,
  type ApiClient,
  type StoryfileAnswer,
} from '../../../test/storyfile.fixtures.ts';

let studio: TestStudio;
let namespaceId: string;
let editor: ApiClient;

// Names and descriptions chosen so every search rule below has a row that passes and one that
// fails it.
const CATALOGUE = [
  { name: 'Blue Ocean Voyage', description: 'A sailor remembers the mountain villages.' },
  { name: 'Ocean Blue', description: 'Deep sea stories.' },
  { name: 'Mountain Guide', description: 'An ocean of knowledge about blue peaks.' },
  { name: '100% Honest', description: 'Percent signs are literal.' },
  { name: 'snake_case Club', description: 'Underscores are literal too.' },
  { name: 'Back\\slash Stories', description: 'Backslashes too.' },
  { name: 'ÉCOLE Memories', description: 'École, accents and case.' },
];

const SEARCH_FIELDS = {
  name: (row: (typeof CATALOGUE)[number]) => [row.name],
  description: (row: (typeof CATALOGUE)[number]) => [row.description],
};

/** The §5 rule written plainly: every term appears, case-insensitively, in a selected field. */
function expectedNames(search: string, fields: readonly (keyof typeof SEARCH_FIELDS)[]): string[] {
  const terms = parseSearchQuery(search).map((term) => term.toLowerCase());
  return CATALOGUE.filter((row) =>
    terms.every((term) =>
      fields.some((field) =>
        SEARCH_FIELDS[field](row).some((text) => text.toLowerCase().includes(term)),
      ),
    ),
  )
    .map((row) => row.name)
    .sort();
}

/** Another namespace the editor works in. */
async function buildEditorNamespace(label: string): Promise<string> {
  const id = await buildNamespace(studio, label);
  await grantScope(studio.database.db, {
    email: 'editor@lists.test',
    namespaceLabel: label,
    scope: 'edit:ns',
  });
  return id;
}

beforeAll(async () => {
  studio = await startTestStudio();
  namespaceId = await buildNamespace(studio, 'lists');
  editor = await buildMember(studio, 'editor@lists.test', { lists: 'edit:ns' });
  for (const row of CATALOGUE) {
    await buildStoryfile(editor, namespaceId, row);
  }
});

afterAll(async () => {
  await studio?.stop();
});

async function searchNames(search: string, searchOptions?: string): Promise<string[]> {
  const query = new URLSearchParams({ search, pageSize: '100', namespaceId });
  if (searchOptions !== undefined) {
    query.set('searchOptions', searchOptions);
  }
  const answer = await editor.get(`/v1/conversa/storyfiles?${query.toString()}`);
  expect(answer.status).toBe(200);
  return (answer.body.items as StoryfileAnswer[]).map((item) => item.name).sort();
}

describe('search semantics (spec §5: quoted phrases or words, all terms, case-insensitive)', () => {
  it.each([
    // [search, searchOptions, note]
    ['', 'name,description', 'no terms lists everything'],
    ['ocean', 'name', 'one word'],
    ['OCEAN', 'name', 'case does not matter'],
    ['oCeAn BLUE', 'name', 'words in any order, all must appear'],
    ['"blue ocean"', 'name', 'a quoted phrase is one term'],
    ['"ocean blue"', 'name', 'the phrase in the other order is another term'],
    ['ocean mountain', 'name', 'two words, only one in the name'],
    ['ocean mountain', 'name,description', 'terms may come from different fields'],
    ['"blue peaks"', 'description', 'phrase in the description only'],
    ['"blue peaks"', 'name', 'the same phrase is not in any name'],
    ['100%', 'name', 'percent is literal, not a wildcard'],
    ['%', 'name', 'a lone percent matches only names with one'],
    ['_', 'name', 'underscore is literal, not a single-character wildcard'],
    ['\\', 'name', 'backslash is literal'],
    ['école', 'name', 'case-insensitive beyond ASCII'],
    ['"blue oc', 'name', 'an unclosed quote runs to the end of the text'],
    ['nothing-matches-this', 'name,description', 'no match answers an empty page'],
  ])('%j in %s (%s)', async (search, searchOptions) => {
    const fields = searchOptions.split(',') as (keyof typeof SEARCH_FIELDS)[];
    const expected = expectedNames(search, fields);
    expect(await searchNames(search, searchOptions)).toEqual(expected);
  });

  it('the cases above are not vacuous', () => {
    expect(expectedNames('ocean mountain', ['name'])).toEqual([]);
    expect(expectedNames('ocean mountain', ['name', 'description'])).toEqual([
      'Blue Ocean Voyage',
      'Mountain Guide',
    ]);
    expect(expectedNames('"blue ocean"', ['name'])).toEqual(['Blue Ocean Voyage']);
    expect(expectedNames('_', ['name'])).toEqual(['snake_case Club']);
  });

  it('searches name and description when searchOptions is absent', async () => {
    expect(await searchNames('"blue peaks"')).toEqual(['Mountain Guide']);
  });

  it('searches question texts with searchOptions=questions', async () => {
    const file = await buildStoryfile(editor, namespaceId, { name: 'With questions' });
    const topic = await editor.expectStatus<{ id: string }>(
      201,
      'POST',
      `/v1/conversa/storyfiles/${file.id}/topics`,
      { name: 'Childhood' },
    );
    await editor.expectStatus(201, 'POST', `/v1/conversa/storyfiles/${file.id}/questions`, {
      topicId: topic.id,
      text: 'Where did you go fishing as a kid?',
    });
    expect(await searchNames('fishing kid', 'questions')).toEqual(['With questions']);
    expect(await searchNames('fishing', 'name,description')).toEqual([]);
  });

  it('refuses an unknown search field', async () => {
    const answer = await editor.get('/v1/conversa/storyfiles?search=x&searchOptions=name,colour');
    expect(answer.status).toBe(400);
    expect(answer.body.message).toContain(
      'Unknown search field "colour". Use any of: name, description, questions, language.',
    );
  });
});

describe('paging (spec §5, §9: one-based page, 1 to 100 rows, default 30)', () => {
  let pagingNamespace: string;
  const TOTAL = 23;

  beforeAll(async () => {
    pagingNamespace = await buildEditorNamespace('paging');
    await studio.database.pool.query(
      `insert into storyfiles (namespace_id, name) select $1, 'Paged ' || n from generate_series(1, ${TOTAL}) n`,
      [pagingNamespace],
    );
  });

  const list = (query: string) =>
    editor.get(`/v1/conversa/storyfiles?namespaceId=${pagingNamespace}&${query}`);

  it.each([
    ['pageSize=0', ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE],
    ['pageSize=101', ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE],
    ['pageSize=-5', ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE],
    ['pageSize=2.5', ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE],
    ['pageSize=lots', ROWS_PER_PAGE_OUT_OF_RANGE_MESSAGE],
    ['page=0', GO_TO_PAGE_TOO_LOW_MESSAGE],
    ['page=-1', GO_TO_PAGE_TOO_LOW_MESSAGE],
    ['page=', GO_TO_PAGE_TOO_LOW_MESSAGE],
    ['page=first', GO_TO_PAGE_TOO_LOW_MESSAGE],
  ])('%s answers 400 with the spec message', async (query, message) => {
    const answer = await list(query);
    expect(answer.status).toBe(400);
    expect(answer.body.message).toBe(message);
  });

  it.each([1, 100])('pageSize=%i is accepted', async (pageSize) => {
    const answer = await list(`pageSize=${pageSize}`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({
      pageSize,
      total: TOTAL,
      pageCount: Math.ceil(TOTAL / pageSize),
    });
  });

  it(`defaults to page 1 of ${DEFAULT_PAGE_SIZE} rows`, async () => {
    const answer = await list('');
    expect(answer.body).toMatchObject({
      page: 1,
      pageSize: DEFAULT_PAGE_SIZE,
      total: TOTAL,
      pageCount: 1,
    });
    expect(answer.body.items).toHaveLength(TOTAL);
  });

  it('walks every row exactly once, page by page', async () => {
    const seen: string[] = [];
    for (let page = 1; page <= 4; page += 1) {
      const answer = await list(`pageSize=7&page=${page}`);
      expect(answer.body).toMatchObject({ page, pageSize: 7, total: TOTAL, pageCount: 4 });
      seen.push(...(answer.body.items as StoryfileAnswer[]).map((item) => item.id));
    }
    expect(seen).toHaveLength(TOTAL);
    expect(new Set(seen).size).toBe(TOTAL);
  });

  it('answers an empty page past the last one, with the page count to go back to', async () => {
    const answer = await list('pageSize=10&page=9');
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ items: [], page: 9, total: TOTAL, pageCount: 3 });
    // The web turns that into the spec's go-to-page message.
    expect(formatGoToPageTooHighMessage(3)).toBe('You cannot go to page with number more than 3.');
  });

  it('an empty list still has one page', async () => {
    const answer = await list('search=zzz-nothing');
    expect(answer.body).toMatchObject({ items: [], total: 0, pageCount: 1 });
  });
});

describe('sorting (spec §5: numeric strings numerically, otherwise by text)', () => {
  let sortNamespace: string;
  const NAMES = ['10', '9', 'apple', '2.5', 'Banana', '100', '-3', 'banana split', '0.5'];

  beforeAll(async () => {
    sortNamespace = await buildEditorNamespace('sorting');
    for (const name of NAMES) {
      await buildStoryfile(editor, sortNamespace, { name });
    }
  });

  const sorted = async (order: string) =>
    (
      (
        await editor.get(
          `/v1/conversa/storyfiles?namespaceId=${sortNamespace}&sort=name&order=${order}`,
        )
      ).body.items as StoryfileAnswer[]
    ).map((item) => item.name);

  it('ascending: numbers by value first, then text case-insensitively', async () => {
    expect(await sorted('asc')).toEqual([
      '-3',
      '0.5',
      '2.5',
      '9',
      '10',
      '100',
      'apple',
      'Banana',
      'banana split',
    ]);
  });

  it('descending is the exact reverse', async () => {
    expect(await sorted('desc')).toEqual((await sorted('asc')).reverse());
  });

  it('sorts by dates, newest first', async () => {
    const answer = await editor.get(
      `/v1/conversa/storyfiles?namespaceId=${sortNamespace}&sort=createdAt&order=desc`,
    );
    const dates = (answer.body.items as { createdAt: string }[]).map((item) => item.createdAt);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it('refuses an unknown sort field', async () => {
    expect((await editor.get('/v1/conversa/storyfiles?sort=colour')).status).toBe(400);
  });
});

describe('list rows carry what the cards show', () => {
  it('counts topics, questions and recorded answers', async () => {
    const countNamespace = await buildEditorNamespace('counting');
    const file = await buildStoryfile(editor, countNamespace, { name: 'Counted' });
    for (const name of ['One', 'Two']) {
      const topic = await editor.expectStatus<{ id: string }>(
        201,
        'POST',
        `/v1/conversa/storyfiles/${file.id}/topics`,
        { name },
      );
      for (const text of [`${name} a?`, `${name} b?`]) {
        await editor.expectStatus(201, 'POST', `/v1/conversa/storyfiles/${file.id}/questions`, {
          topicId: topic.id,
          text,
        });
      }
    }
    await studio.database.pool.query(
      `update storyfile_questions set answer_recorded_at = now() where text = 'One a?'`,
    );
    const answer = await editor.get(`/v1/conversa/storyfiles?namespaceId=${countNamespace}`);
    expect(answer.body.items).toEqual([
      expect.objectContaining({
        name: 'Counted',
        topicCount: 2,
        questionCount: 4,
        answeredCount: 1,
        namespaceLabel: 'counting',
        status: 'draft',
      }),
    ]);
    expect((answer.body.items as { createdBy: { email: string } }[])[0]?.createdBy.email).toBe(
      'editor@lists.test',
    );
  });
});
