// The training insights tests' shared set-up: a studio with two namespaces (east, west), their
// members by role, the questions the tests ask and the factories they share. The bindings are
// filled by `setUpInsightsStudio()` (live exports).
import { afterAll, beforeAll } from 'vitest';
import { type AskResponse } from '@conversa/contracts';
import { startTestStudio, type TestStudio } from './studio.ts';
import { buildMember, buildNamespace, type ApiClient } from './storyfile.fixtures.ts';

export let studio: TestStudio;
export let editor: ApiClient;
export let reader: ApiClient;
export let outsider: ApiClient;
export let eastId: string;

export const BORN = 'Where were you born?';
export const MOVIE = 'What is your favourite movie?';
/** Shares only "what is your favourite" with the movie answer until "motion picture" folds. */
export const MOTION_PICTURE_QUESTION = 'what is your favourite motion picture';

export async function ask(client: ApiClient, storyfileId: string, text: string, spoken = false) {
  return client.expectStatus<AskResponse & { exchangeId: string }>(
    200,
    'POST',
    `/v1/conversa/storyfiles/${storyfileId}/ask`,
    { text, ...(spoken ? { inputMode: 'spoken' } : {}) },
  );
}

export const base = (storyfileId: string) => `/v1/conversa/storyfiles/${storyfileId}/training`;

/** Starts the studio before a test file's tests and stops it after; fills the bindings above. */
export function setUpInsightsStudio(): void {
  beforeAll(async () => {
    studio = await startTestStudio();
    eastId = await buildNamespace(studio, 'east');
    await buildNamespace(studio, 'west');
    editor = await buildMember(studio, 'editor@east.test', { east: 'edit:ns' });
    reader = await buildMember(studio, 'reader@east.test', { east: 'read:ns' });
    outsider = await buildMember(studio, 'owner@west.test', { west: 'owner:ns' });
  });

  afterAll(async () => {
    await studio?.stop();
  });
}
