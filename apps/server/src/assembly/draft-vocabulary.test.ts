import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedOwnedStoryfile } from '../../test/ask.fixtures.ts';
import { startTestStudio, type TestStudio } from '../../test/studio.ts';
import { createDraftVocabularyReader } from './draft-vocabulary.ts';

let studio: TestStudio;

beforeAll(async () => {
  studio = await startTestStudio();
}, 120_000);

afterAll(async () => {
  await studio?.stop();
});

describe("a Whisper draft's prompt", () => {
  it("has the namespace's custom words beside the corrected answers' words", async () => {
    const { namespaceId, owner, storyfile } = await seedOwnedStoryfile(studio, 'drafting');
    const read = createDraftVocabularyReader(studio.database.db);
    expect(await read(storyfile.id, randomUUID())).toEqual({
      storyfileId: storyfile.id,
      phrasings: [],
      terms: [],
    });
    await owner.expectStatus(201, 'POST', '/v1/conversa/training/words', {
      namespaceId,
      term: 'Okonjo',
    });
    expect((await read(storyfile.id, randomUUID())).terms).toEqual(['Okonjo']);
  });
});
