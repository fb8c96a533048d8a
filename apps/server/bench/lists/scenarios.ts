// bench:lists' scenarios (bench/lists.ts): each list or search request, and the same SQL built as
// the server builds it, to run directly through `pg`.
import { PgDialect } from 'drizzle-orm/pg-core';
import { WORDS } from './seed.ts';
import type { SQL } from 'drizzle-orm';
import {
  listLibraryQuestionsQuerySchema,
  listStoryfilesQuerySchema,
  type CurrentUser,
} from '@conversa/contracts';
import { buildLibraryQuestionListQueries } from '../../src/modules/library/library.queries.ts';
import { getLibraryListScope } from '../../src/modules/library/topics.service.ts';
import { buildStoryfileListQueries } from '../../src/modules/storyfiles/storyfiles.queries.ts';
import { getStoryfileListScope } from '../../src/modules/storyfiles/storyfile-lists.service.ts';

export interface Scenario {
  name: string;
  who: 'member' | 'admin';
  kind: 'storyfiles' | 'questions';
  /** Query strings, used in turn so consecutive requests do not repeat one search. */
  queries: string[];
}

export const SCENARIOS: Scenario[] = [
  { name: 'storyfiles: first page, by name', who: 'member', kind: 'storyfiles', queries: [''] },
  {
    name: 'storyfiles: page 20, newest first',
    who: 'member',
    kind: 'storyfiles',
    queries: ['page=20&pageSize=30&sort=updatedAt&order=desc'],
  },
  {
    name: 'storyfiles: one word in name/description',
    who: 'member',
    kind: 'storyfiles',
    queries: WORDS.slice(0, 8).map((word) => `search=${word}`),
  },
  {
    name: 'storyfiles: phrase + word, 100 per page',
    who: 'member',
    kind: 'storyfiles',
    queries: WORDS.slice(0, 8).map(
      (word, index) =>
        `search=${encodeURIComponent(`"the ${word}" ${WORDS[index + 3]}`)}&pageSize=100`,
    ),
  },
  {
    name: 'storyfiles: search in question texts',
    who: 'member',
    kind: 'storyfiles',
    queries: WORDS.slice(0, 8).map((word) => `search=${word}%20childhood&searchOptions=questions`),
  },
  {
    name: 'storyfiles: admin, all 10,000, by name',
    who: 'admin',
    kind: 'storyfiles',
    queries: [''],
  },
  {
    name: 'storyfiles: admin, one word',
    who: 'admin',
    kind: 'storyfiles',
    queries: WORDS.slice(0, 8).map((word) => `search=${word}`),
  },
  {
    name: 'library questions: text + alternates search',
    who: 'member',
    kind: 'questions',
    queries: WORDS.slice(0, 8).map((word) => `search=${word}%20memory`),
  },
];

export const dialect = new PgDialect();

export function buildDirectQueries(
  scenario: Scenario,
  queryString: string,
  user: CurrentUser,
): { count: SQL; page: SQL } {
  const input = Object.fromEntries(new URLSearchParams(queryString));
  if (scenario.kind === 'storyfiles') {
    const query = listStoryfilesQuerySchema.parse(input);
    return buildStoryfileListQueries(query, getStoryfileListScope(user, query));
  }
  const query = listLibraryQuestionsQuerySchema.parse(input);
  return buildLibraryQuestionListQueries(query, getLibraryListScope(user, query));
}
