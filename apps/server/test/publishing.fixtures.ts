// The publishing tests' shared set-up: a studio with a seeded storyfile in "north", its owner, a
// reader and an outsider, and signed-out visitors of its share link. The bindings are filled by
// `setUpPublishingStudio()` and `publishStoryfile()` (live exports).
import { afterAll, beforeAll, beforeEach } from 'vitest';
import { type PublicAskResponse } from '@conversa/contracts';
import { publicAskCounters } from '../src/modules/publishing/publishing.tables.ts';
import { startTestStudio, TestBrowser, type TestStudio } from './studio.ts';
import { buildMember, buildNamespace, ApiClient } from './storyfile.fixtures.ts';
import { seedStoryfileWithAnswers, type SeededStoryfile } from './conversation.fixtures.ts';
import { publishForSlug } from './ask.fixtures.ts';

export let studio: TestStudio;
export let owner: ApiClient;
export let reader: ApiClient;
export let outsider: ApiClient;
export let storyfile: SeededStoryfile;
export let slug: string;
export let northId: string;

export const MOVIE = 'What is your favourite movie?';
/** A signed-out visitor who opened the player (which sets the visitor cookie), as a browser does. */
export async function visitor(target = slug): Promise<ApiClient> {
  const client = new ApiClient(new TestBrowser(studio.baseUrl));
  await client.get(`/v1/conversa/public/storyfiles/${target}`);
  return client;
}
export const publicAsk = (client: ApiClient, body: Record<string, unknown>, target = slug) =>
  client.call<PublicAskResponse>('POST', `/v1/conversa/public/storyfiles/${target}/ask`, body);

/** Publishes the seeded storyfile (owner) and remembers its share slug. */
export async function publishStoryfile(): Promise<void> {
  rememberSlug(await publishForSlug(owner, storyfile.id));
}

/** The share slug the tests' visitors use by default (publishing again keeps it). */
export function rememberSlug(published: string): void {
  slug = published;
}

/**
 * Starts the studio before a test file's tests and stops it after; empties the ask counters
 * before each test.
 */
export function setUpPublishingStudio(): void {
  beforeAll(async () => {
    studio = await startTestStudio();
    [northId] = await Promise.all([
      buildNamespace(studio, 'north'),
      buildNamespace(studio, 'south'),
    ]);
    owner = await buildMember(studio, 'owner@north.test', { north: 'owner:ns' });
    reader = await buildMember(studio, 'reader@north.test', { north: 'read:ns' });
    outsider = await buildMember(studio, 'owner@south.test', { south: 'owner:ns' });
    storyfile = await seedStoryfileWithAnswers(studio, owner, northId);
  });

  afterAll(async () => {
    await studio?.stop();
  });

  // The limits count per client address (issue 43), and every test asks from 127.0.0.1: each test
  // starts a fresh minute, as a test of its own would.
  beforeEach(async () => {
    await studio.database.db.delete(publicAskCounters);
  });
}
