// A storyfile to ask in a running test studio: seeded under a namespace's owner, published, asked
// as the studio's console asks. The scoring and public-ask tests start their studios their own way
// (each with its environment) and share these steps.
import type { AskResponse, Publication } from '@conversa/contracts';
import type { TestStudio } from './studio.ts';
import { buildMember, buildNamespace, type ApiClient } from './storyfile.fixtures.ts';
import { seedStoryfileWithAnswers, type SeededStoryfile } from './conversation.fixtures.ts';

/**
 * A namespace `label`, its owner (owner@<label>.test) and a storyfile of theirs seeded by
 * `seedStoryfileWithAnswers`.
 */
export async function seedOwnedStoryfile(
  studio: TestStudio,
  label: string,
): Promise<{ namespaceId: string; owner: ApiClient; storyfile: SeededStoryfile }> {
  const namespaceId = await buildNamespace(studio, label);
  const owner = await buildMember(studio, `owner@${label}.test`, { [label]: 'owner:ns' });
  const storyfile = await seedStoryfileWithAnswers(studio, owner, namespaceId);
  return { namespaceId, owner, storyfile };
}

/** Publishes the storyfile as `owner` (expecting 200); answers its share slug. */
export async function publishForSlug(owner: ApiClient, storyfileId: string): Promise<string> {
  const publication = await owner.expectStatus<Publication>(
    200,
    'POST',
    `/v1/conversa/storyfiles/${storyfileId}/publish`,
  );
  return publication.slug!;
}

/** Asks the storyfile in the studio as `client`, expecting 200. */
export function askInStudio(client: ApiClient, storyfileId: string, body: object) {
  const path = `/v1/conversa/storyfiles/${storyfileId}/ask`;
  return client.expectStatus<AskResponse>(200, 'POST', path, body);
}
