// The training tests' shared set-up: a studio with two namespaces (north, south), their members
// by role, the questions the tests ask and the factories they share. The bindings are filled by
// `setUpTrainingStudio()` (live exports).
import { afterAll, beforeAll, expect } from 'vitest';
import { eq } from 'drizzle-orm';
import { type AskResponse, type ReviewItemPage } from '@conversa/contracts';
import { chatLogEntries } from '../src/modules/conversations/conversations.tables.ts';
import { storyfileQuestions } from '../src/modules/storyfiles/storyfiles.tables.ts';
import { startTestStudio, type TestStudio } from './studio.ts';
import type { ApiClient } from './storyfile.fixtures.ts';
import { buildMember, buildNamespace } from './storyfile.fixtures.ts';

export let studio: TestStudio;
export let owner: ApiClient;
export let editor: ApiClient;
export let reader: ApiClient;
export let outsider: ApiClient;
/** Content Creator in "south", Reader in "north": past the route's check, refused per namespace. */
export let southEditor: ApiClient;
export let northId: string;

export const BORN = 'Where were you born?';
export const MOVIE = 'What is your favourite movie?';
export const LIVING = 'What do you do for a living?';
export const HARVEST = 'Tell me about the harvest festival';
export const FILM_ALTERNATE = 'Which film do you love the most?';
export const EDIT_REFUSAL = 'You need to be at least "Content Creator"';
export const OFF_TOPIC = { kind: 'fallback', reason: 'off-topic' };
/** The movie and the job answer score within `NEAR_TIE_MARGIN` of each other (0.03 apart). */
export const NEAR_TIE_QUESTION = 'What is your favourite movie or your job?';
/**
 * The movie answer leads the job answer by 0.048: played (just clear of the near-tie margin, 0.04,
 * under which issue 50 asks back instead), with the smallest margin of the sorting cases below.
 */
export const CLOSE_LEAD_QUESTION = 'What is the favourite movie or your job?';
/** The birthplace answer leads the job answer by about 0.3: two candidates, not a near-tie. */
export const CLEAR_LEAD_QUESTION = 'What is your job and where were you born?';

/** A question asked in the studio; every ask with words logs an exchange, so its id is set. */
export async function ask(
  client: ApiClient,
  storyfileId: string,
  text: string,
): Promise<AskResponse & { exchangeId: string }> {
  const answer = await client.expectStatus<AskResponse>(
    200,
    'POST',
    `/v1/conversa/storyfiles/${storyfileId}/ask`,
    { text },
  );
  expect(answer.exchangeId).toEqual(expect.any(String));
  return { ...answer, exchangeId: answer.exchangeId! };
}

export async function inbox(
  client: ApiClient,
  query: Record<string, string>,
): Promise<ReviewItemPage> {
  return client.expectStatus<ReviewItemPage>(
    200,
    'GET',
    `/v1/conversa/training/review-items?${new URLSearchParams(query).toString()}`,
  );
}

export const base = (storyfileId: string) => `/v1/conversa/storyfiles/${storyfileId}/training`;

export async function reviewState(entryId: string): Promise<string> {
  const [row] = await studio.database.db
    .select({ state: chatLogEntries.reviewState })
    .from(chatLogEntries)
    .where(eq(chatLogEntries.id, entryId));
  return row!.state;
}

export async function alternatesOf(questionId: string): Promise<string[]> {
  const [row] = await studio.database.db
    .select({ alternates: storyfileQuestions.alternates })
    .from(storyfileQuestions)
    .where(eq(storyfileQuestions.id, questionId));
  return row!.alternates;
}

/** Starts the studio before a test file's tests and stops it after; fills the bindings above. */
export function setUpTrainingStudio(): void {
  beforeAll(async () => {
    studio = await startTestStudio();
    northId = await buildNamespace(studio, 'north');
    await buildNamespace(studio, 'south');
    owner = await buildMember(studio, 'owner@north.test', { north: 'owner:ns' });
    editor = await buildMember(studio, 'editor@north.test', { north: 'edit:ns' });
    reader = await buildMember(studio, 'reader@north.test', { north: 'read:ns' });
    outsider = await buildMember(studio, 'owner@south.test', { south: 'owner:ns' });
    southEditor = await buildMember(studio, 'editor@south.test', {
      south: 'edit:ns',
      north: 'read:ns',
    });
  });

  afterAll(async () => {
    await studio?.stop();
  });
}
