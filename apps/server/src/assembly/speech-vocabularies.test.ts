import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createConversationEngine } from '../modules/conversations/index.ts';
import { ignoredQuestions, storyfileVocabulary } from '../modules/training/index.ts';
import { seedOwnedStoryfile } from '../../test/ask.fixtures.ts';
import { startTestStudio, type TestStudio } from '../../test/studio.ts';
import { createDraftVocabularyReader } from './draft-vocabulary.ts';
import { createSpeechStoryfiles } from './speech-storyfiles.ts';

// The recognizers' vocabularies as the assembly reads them: the speech gateway's per storyfile,
// and a Whisper draft's prompt. One studio for both.
let studio: TestStudio;

beforeAll(async () => {
  studio = await startTestStudio();
}, 120_000);

afterAll(async () => {
  await studio?.stop();
});

describe("the speech gateway's storyfile vocabulary", () => {
  it('is built once per script, and again after an edit or a new custom word', async () => {
    const { namespaceId, owner, storyfile } = await seedOwnedStoryfile(studio, 'vocabulary');
    const engine = await createConversationEngine(studio.database.db, {
      mediaUrlTtlSeconds: 60,
      metrics: { countAsk: () => undefined },
      ignores: ignoredQuestions,
      vocabulary: storyfileVocabulary,
    });
    const storyfiles = createSpeechStoryfiles(engine);
    const first = await storyfiles.readVocabulary(storyfile.id);
    expect(await storyfiles.readVocabulary(storyfile.id)).toBe(first);

    const [questionId, text] = Object.entries(storyfile.questions).map(([t, id]) => [id, t])[0]!;
    await owner.expectStatus(
      200,
      'PATCH',
      `/v1/conversa/storyfiles/${storyfile.id}/questions/${questionId}`,
      { text: 'Who taught you the saxophone?' },
    );
    const edited = await storyfiles.readVocabulary(storyfile.id);
    expect(edited.phrasings).toContain('Who taught you the saxophone?');
    expect(edited.phrasings).not.toContain(text);

    await owner.expectStatus(201, 'POST', '/v1/conversa/training/words', {
      namespaceId,
      term: 'Okonjo',
    });
    const worded = await storyfiles.readVocabulary(storyfile.id);
    expect(worded).not.toBe(edited);
    expect(worded.terms).toEqual(['Okonjo']);
  });
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
